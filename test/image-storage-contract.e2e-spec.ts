import { TransactionHost } from '@nestjs-cls/transactional';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { AppConfig } from '../src/config/app.config';
import type { ImageStorage } from '../src/images/image-storage';
import { LocalImageStorage } from '../src/images/local-image-storage';
import { PostgresImageStorage } from '../src/images/postgres-image-storage';
import { TestApp, createTestApp } from './support/test-app';

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
  ['LocalImageStorage', 'local'],
] as const)('%s: the ImageStorage contract (e2e)', (_name, kind) => {
  let t: TestApp;
  let uploadDir: string;
  let storage: ImageStorage;

  beforeAll(async () => {
    t = await createTestApp();
    uploadDir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
    storage = kind === 'postgres' ? t.app.get(PostgresImageStorage) : new LocalImageStorage({ uploadDir } as AppConfig);
  });
  afterAll(async () => {
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
});
