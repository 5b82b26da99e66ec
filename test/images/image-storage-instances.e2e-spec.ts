import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { appConfig } from '../../src/config/app.config';
import { imagesConfig } from '../../src/config/images.config';
import type { ImageResponse } from '../../src/images/dto/image.response';
import { runCli } from '../support/built-app';
import { BuiltServer } from '../support/built-server';
import { createVendor } from '../support/factories';
import { fetchImage, image, keyOf } from '../support/images';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { TestApp, createTestApp, withConfig } from '../support/test-app';
import { MANAGER_API as MANAGER } from '../support/api-paths';

jest.setTimeout(120_000);

/**
 * Two built servers on the e2e database, storing images in PostgreSQL (the default), each with an
 * UPLOAD_DIR of its own as two machines would have: nothing may pass between them on a local disk.
 */
describe('Image storage shared by instances (e2e)', () => {
  const instanceDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'instance-uploads-')));
  let t: ManagerTestApp;
  let a: BuiltServer;
  let b: BuiltServer;
  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    t = await createManagerTestApp();
    [a, b] = instanceDirs.map((dir) => new BuiltServer({ env: { IMAGE_STORAGE: 'postgres', UPLOAD_DIR: dir } }));
    await Promise.all([a.start(), b.start()]);
    [png, webp] = await Promise.all([image('png', 1200, 800), image('webp', 300, 200)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    for (const dir of instanceDirs) rmSync(dir, { recursive: true, force: true });
  });

  const uploadGallery = (baseUrl: string | TestApp['http'], vendorId: number) =>
    request(baseUrl)
      .post(`${MANAGER}/vendors/${vendorId}/gallery`)
      .set(t.manager)
      .attach('files[]', png, 'kitchen.png')
      .attach('files[]', webp, 'deck.webp');

  it('serves through B, with the same bytes and caching headers, an image uploaded through A; deleted through B, A answers 404', async () => {
    const { vendor } = await createVendor(t.app);
    const res = await uploadGallery(a.url, vendor.id);
    expect(res.status).toBe(201);
    const [stored] = res.body.data as ImageResponse[];

    const [fromA, fromB] = [await fetchImage(a.url, keyOf(stored)), await fetchImage(b.url, keyOf(stored))];
    expect(fromB.status).toBe(200);
    expect(fromB.headers).toEqual({
      'content-type': 'image/png',
      'content-length': String(stored.bytes),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(fromA).toEqual(fromB);
    expect(fromB.body).toHaveLength(stored.bytes);

    const removed = await request(b.url).delete(`${MANAGER}/vendors/${vendor.id}/gallery/${stored.id}`).set(t.manager);
    expect(removed.status).toBe(200);
    const gone = await fetchImage(a.url, keyOf(stored));
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBeNull();
  });

  describe('move-local-images', () => {
    let uploadDir: string;
    let local: TestApp;

    beforeAll(async () => {
      uploadDir = mkdtempSync(join(tmpdir(), 'local-images-'));
      local = await createTestApp({
        config: [withConfig(imagesConfig, { storage: 'local' }), withConfig(appConfig, { uploadDir })],
      });
    });
    afterAll(async () => {
      await local?.close();
      rmSync(uploadDir, { recursive: true, force: true });
    });

    it('copies the files an IMAGE_STORAGE=local instance wrote into PostgreSQL, where every instance serves them; running it again changes nothing', async () => {
      const { vendor } = await createVendor(local.app);
      const res = await uploadGallery(local.http, vendor.id);
      expect(res.status).toBe(201);
      const keys = (res.body.data as ImageResponse[]).map(keyOf);
      const files = readdirSync(uploadDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('.'));
      expect(files.sort()).toEqual(keys.map((key) => join(key.slice(0, 2), key)).sort());
      expect((await fetchImage(b.url, keys[0])).status).toBe(404);

      const env = { ...process.env, IMAGE_STORAGE: 'postgres', UPLOAD_DIR: uploadDir };
      for (let run = 1; run <= 2; run++) {
        const result = await runCli(['move-local-images'], env);
        expect({ run, code: result.code, stdout: result.stdout }).toEqual({
          run,
          code: 0,
          stdout: '2 image file(s) copied into the postgres store.\n',
        });
      }
      for (const key of keys) {
        const served = await fetchImage(b.url, key);
        expect(served.status).toBe(200);
        expect(served.body.equals(readFileSync(join(uploadDir, key.slice(0, 2), key)))).toBe(true);
      }
      const rows = await t.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM image_files WHERE key = ANY($1)`,
        [keys],
      );
      expect(rows).toEqual([{ count: 2 }]);
    });

    it('refuses to run when the configured store is the local one', async () => {
      const result = await runCli(['move-local-images'], { ...process.env, IMAGE_STORAGE: 'local' });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/IMAGE_STORAGE is local/);
    });
  });
});
