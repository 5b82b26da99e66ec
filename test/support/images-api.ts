import sharp from 'sharp';
import request from 'supertest';
import type { ImageResponse } from '../../src/images/dto/image.response';
import { image } from './images';
import { ManagerTestApp, createManagerTestApp } from './manager-app';
import { MANAGER_API } from './api-paths';

export type StoredImage = ImageResponse;

export type Upload = { name?: string; data: Buffer; filename: string; contentType?: string };

/**
 * Starts a manager app for the describe block it is called in, with three sample images, and answers the
 * calls the image tests share. `state` holds the app and the images once `beforeAll` has run.
 */
export function useImagesApi() {
  const state = {} as { t: ManagerTestApp; png: Buffer; jpeg: Buffer; webp: Buffer };
  beforeAll(async () => {
    state.t = await createManagerTestApp();
    [state.png, state.jpeg, state.webp] = await Promise.all([
      image('png', 1200, 800),
      image('jpeg', 2000, 1000),
      image('webp', 300, 200),
    ]);
  });
  afterAll(() => state.t.close());

  /** The key of every stored file. */
  const storedFiles = async (): Promise<string[]> =>
    (await state.t.dataSource.query<{ key: string }[]>(`SELECT key FROM image_files ORDER BY key`)).map(
      (row) => row.key,
    );

  const upload = (path: string, files: Upload[], fields: Record<string, string> = {}) => {
    let req = request(state.t.http).post(`${MANAGER_API}/vendors/${path}`).set(state.t.manager);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    for (const file of files) {
      req = req.attach(file.name ?? 'files[]', file.data, { filename: file.filename, contentType: file.contentType });
    }
    return req;
  };
  const gallery = (vendorId: number) =>
    request(state.t.http).get(`${MANAGER_API}/vendors/${vendorId}/gallery`).set(state.t.manager);
  /** Fetches an image by its url, without a token, as a public page would. */
  const fetchImage = (url: string) =>
    request(state.t.http)
      .get(new URL(url).pathname)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          // Images as bytes; an error is the usual JSON envelope.
          done(null, /json/.test(String(res.headers['content-type'])) ? JSON.parse(body.toString()) : body);
        });
      });
  /** The stored file, decoded: its real format, size and metadata. */
  const decodeStored = async (stored: StoredImage) => {
    const res = await fetchImage(stored.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(stored.contentType);
    expect(res.body).toHaveLength(stored.bytes);
    return sharp(res.body as Buffer).metadata();
  };

  return { state, storedFiles, upload, gallery, fetchImage, decodeStored };
}
