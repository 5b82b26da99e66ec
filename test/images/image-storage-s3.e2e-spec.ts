import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { appConfig } from '../../src/config/app.config';
import { imagesConfig } from '../../src/config/images.config';
import type { ImageResponse } from '../../src/images/dto/image.response';
import { ImageStorage } from '../../src/images/image-storage';
import { S3ImageStorage } from '../../src/images/s3-image-storage';
import { runCli } from '../support/built-app';
import { BuiltServer } from '../support/built-server';
import { createVendor } from '../support/factories';
import { fetchImage, image, keyOf } from '../support/images';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { S3Server } from '../support/s3-server';
import { TestApp, createTestApp, withConfig } from '../support/test-app';
import { MANAGER_API as MANAGER } from '../support/api-paths';

jest.setTimeout(120_000);

/**
 * Built servers with IMAGE_STORAGE=s3 on a real S3-protocol server (s3rver on 127.0.0.1), beside a
 * built server with the default PostgreSQL store: `/images/{key}` answers alike from both.
 */
describe('IMAGE_STORAGE=s3 through HTTP (e2e)', () => {
  let t: ManagerTestApp;
  let s3: S3Server;
  let onS3: BuiltServer;
  let onPostgres: BuiltServer;
  let png: Buffer;

  beforeAll(async () => {
    t = await createManagerTestApp();
    s3 = await S3Server.start();
    onS3 = new BuiltServer({ env: s3.env });
    onPostgres = new BuiltServer({ env: { IMAGE_STORAGE: 'postgres' } });
    await Promise.all([onS3.start(), onPostgres.start()]);
    png = await image('png', 1200, 800);
  });
  afterAll(async () => {
    await Promise.all([onS3?.stop(), onPostgres?.stop()]);
    await s3?.remove();
    await t?.close();
  });

  const upload = (baseUrl: string | TestApp['http'], vendorId: number) =>
    request(baseUrl)
      .post(`${MANAGER}/vendors/${vendorId}/gallery`)
      .set(t.manager)
      .attach('files[]', png, 'kitchen.png');

  it('serves an image uploaded with IMAGE_STORAGE=s3 with the same bytes and headers as the PostgreSQL store; a deleted one is the same 404', async () => {
    const { vendor } = await createVendor(t.app);
    const [viaS3, viaPostgres] = await Promise.all([upload(onS3.url, vendor.id), upload(onPostgres.url, vendor.id)]);
    expect([viaS3.status, viaPostgres.status]).toEqual([201, 201]);
    const [storedInS3] = viaS3.body.data as ImageResponse[];
    const [storedInPostgres] = viaPostgres.body.data as ImageResponse[];

    const fromS3 = await fetchImage(onS3.url, keyOf(storedInS3));
    const fromPostgres = await fetchImage(onPostgres.url, keyOf(storedInPostgres));
    expect(fromS3.status).toBe(200);
    expect(fromS3.headers).toEqual({
      'content-type': 'image/png',
      'content-length': String(storedInS3.bytes),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(fromS3).toEqual(fromPostgres);
    // Not in PostgreSQL: the S3 instance really served it from the bucket.
    expect((await fetchImage(onPostgres.url, keyOf(storedInS3))).status).toBe(404);

    const removed = await request(onS3.url)
      .delete(`${MANAGER}/vendors/${vendor.id}/gallery/${storedInS3.id}`)
      .set(t.manager);
    expect(removed.status).toBe(200);
    const [goneFromS3, goneFromPostgres] = await Promise.all([
      request(onS3.url).get(`/images/${keyOf(storedInS3)}`),
      request(onPostgres.url).get(`/images/${'0'.repeat(32)}.png`),
    ]);
    expect(goneFromS3.status).toBe(404);
    expect(goneFromS3.headers['cache-control']).toBeUndefined();
    expect(goneFromS3.body).toEqual({ success: false, error: `Image ${keyOf(storedInS3)} was not found.` });
    expect(goneFromPostgres.body).toEqual({ success: false, error: `Image ${'0'.repeat(32)}.png was not found.` });
  });

  it('an app configured in process for s3 loads the S3 store and writes to the bucket every s3 instance serves from', async () => {
    const inProcess = await createTestApp({ config: [withConfig(imagesConfig, { storage: 's3', s3: s3.config })] });
    try {
      expect(inProcess.app.get(ImageStorage)).toBeInstanceOf(S3ImageStorage);
      const { vendor } = await createVendor(inProcess.app);
      const res = await upload(inProcess.http, vendor.id);
      expect(res.status).toBe(201);
      const key = keyOf((res.body.data as ImageResponse[])[0]);
      expect((await fetchImage(onS3.url, key)).status).toBe(200);
    } finally {
      await inProcess.close();
    }
  });

  it('move-local-images copies the files of an IMAGE_STORAGE=local instance into the bucket, where the S3 instance serves them', async () => {
    const uploadDir = mkdtempSync(join(tmpdir(), 'local-images-'));
    const local = await createTestApp({
      config: [withConfig(imagesConfig, { storage: 'local' }), withConfig(appConfig, { uploadDir })],
    });
    try {
      const { vendor } = await createVendor(local.app);
      const res = await upload(local.http, vendor.id).attach('files[]', png, 'again.png');
      expect(res.status).toBe(201);
      const keys = (res.body.data as ImageResponse[]).map(keyOf);
      expect((await fetchImage(onS3.url, keys[0])).status).toBe(404);

      const result = await runCli(['move-local-images'], { ...process.env, ...s3.env, UPLOAD_DIR: uploadDir });
      expect({ code: result.code, stdout: result.stdout }).toEqual({
        code: 0,
        stdout: '2 image file(s) copied into the s3 store.\n',
      });
      for (const key of keys) {
        const served = await fetchImage(onS3.url, key);
        expect(served.status).toBe(200);
        expect(served.body.equals(readFileSync(join(uploadDir, key.slice(0, 2), key)))).toBe(true);
      }
    } finally {
      await local.close();
      rmSync(uploadDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with IMAGE_STORAGE=s3 and no bucket, or with half of the key pair', async () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = { ...process.env, ...s3.env };
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = { ...process.env, ...s3.env };
    const [noBucket, halfKeys] = await Promise.all([
      runCli(['move-local-images'], withoutBucket),
      runCli(['move-local-images'], withoutSecret),
    ]);
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toMatch(/S3_BUCKET is required when IMAGE_STORAGE=s3/);
    expect(halfKeys.code).toBe(1);
    expect(halfKeys.stderr).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
  });

  it('answers 503 with the error envelope while the S3 server does not answer', async () => {
    const { vendor } = await createVendor(t.app);
    const res = await upload(onS3.url, vendor.id);
    expect(res.status).toBe(201);
    const key = keyOf((res.body.data as ImageResponse[])[0]);
    await s3.stop();
    const down = await request(onS3.url).get(`/images/${key}`);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error: 'The image store is unavailable; retry later.' });
  });
});
