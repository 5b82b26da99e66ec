import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TransactionHost } from '@nestjs-cls/transactional';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ErrorCode } from '../../src/common/errors/domain-error';
import type { AppConfig } from '../../src/config/app.config';
import type { ImageStorage } from '../../src/images/image-storage';
import { LocalImageStorage } from '../../src/images/local-image-storage';
import { PostgresImageStorage } from '../../src/images/postgres-image-storage';
import { S3ImageStorage } from '../../src/images/s3-image-storage';
import { S3Server } from '../support/s3-server';
import { TestApp, createTestApp } from '../support/test-app';

/** A key of the form the service generates, different for each test. */
let counter = 0;
const newKey = (extension = 'png') =>
  `${Date.now().toString(16).padStart(16, '0')}${(++counter).toString(16).padStart(16, '0')}.${extension}`;

const read = async (storage: ImageStorage, key: string) => {
  const file = await storage.get(key);
  return file && { size: file.size, data: await buffer(file.stream) };
};

/** What every ImageStorage must do, run against each store. */
describe.each([
  ['PostgresImageStorage', 'postgres'],
  ['S3ImageStorage', 's3'],
  ['LocalImageStorage', 'local'],
] as const)('%s: the ImageStorage contract (e2e)', (_name, kind) => {
  let t: TestApp;
  let uploadDir: string;
  let s3: S3Server | undefined;
  let storage: ImageStorage;

  beforeAll(async () => {
    t = await createTestApp();
    uploadDir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
    if (kind === 's3') s3 = await S3Server.start();
    storage = {
      postgres: () => t.app.get(PostgresImageStorage),
      s3: () => new S3ImageStorage(s3!.config),
      local: () => new LocalImageStorage({ uploadDir } as AppConfig),
    }[kind]();
  });
  afterAll(async () => {
    if (storage instanceof S3ImageStorage) storage.onModuleDestroy();
    await s3?.remove();
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('gives back the bytes it stored, with their size; a second put under the key replaces them', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('first'));
    expect(await read(storage, key)).toEqual({ size: 5, data: Buffer.from('first') });
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));
    await storage.put(key, bytes);
    expect(await read(storage, key)).toEqual({ size: bytes.length, data: bytes });
  });

  it('answers null for a key with nothing stored, and deletes idempotently', async () => {
    const key = newKey('webp');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('x'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a key it would not generate', async () => {
    for (const bad of ['../../etc/passwd', newKey().toUpperCase(), newKey('svg')]) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Not an image key/);
      await expect(storage.get(bad)).rejects.toThrow(/Not an image key/);
      await expect(storage.delete(bad)).rejects.toThrow(/Not an image key/);
    }
  });

  if (kind === 'postgres') {
    it('writes with the caller’s transaction: a rolled-back upload leaves no file', async () => {
      const key = newKey();
      await expect(
        t.app.get(TransactionHost).withTransaction(async () => {
          await storage.put(key, Buffer.from('never committed'));
          throw new Error('the upload failed after its file was stored');
        }),
      ).rejects.toThrow(/upload failed/);
      expect(await storage.get(key)).toBeNull();
    });
  }

  if (kind === 's3') {
    it('stores each object with its image type and cache lifetime, for a CDN in front of the bucket', async () => {
      const key = newKey('webp');
      await storage.put(key, Buffer.from('webp bytes'));
      const client = new S3Client({
        endpoint: s3!.config.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: s3!.config.credentials,
      });
      const head = await client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: key }));
      client.destroy();
      expect({ type: head.ContentType, cache: head.CacheControl, size: head.ContentLength }).toEqual({
        type: 'image/webp',
        cache: 'public, max-age=31536000, immutable',
        size: 10,
      });
    });

    it('reports a bucket that does not exist as the error it is, neither a missing image nor an outage', async () => {
      const misconfigured = new S3ImageStorage({ ...s3!.config, bucket: 'no-such-bucket' });
      await expect(misconfigured.get(newKey())).rejects.toMatchObject({ name: 'NoSuchBucket' });
      misconfigured.onModuleDestroy();
    });

    it('answers UNAVAILABLE (503) when the S3 server does not answer', async () => {
      const stopped = await S3Server.start();
      const unreachable = new S3ImageStorage(stopped.config);
      await stopped.remove();
      const key = newKey();
      for (const call of [
        () => unreachable.get(key),
        () => unreachable.put(key, Buffer.from('x')),
        () => unreachable.delete(key),
      ]) {
        await expect(call()).rejects.toMatchObject({ name: 'DomainError', code: ErrorCode.Unavailable });
      }
      unreachable.onModuleDestroy();
    });
  }
});
