import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { AppConfig } from '../config/app.config';
import { LocalImageStorage } from './local-image-storage';

describe('LocalImageStorage', () => {
  let root: string;
  let storage: LocalImageStorage;
  const key = 'ab0123456789abcdef0123456789abcd.png';

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'image-storage-'));
    storage = new LocalImageStorage({ uploadDir: root } as AppConfig);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and deletes a file under a sub-directory of its key, leaving no temporary file', async () => {
    await storage.put(key, Buffer.from('first'));
    await storage.put(key, Buffer.from('second version'));
    expect(readdirSync(root, { recursive: true })).toEqual(['ab', join('ab', key)]);

    const file = await storage.get(key);
    expect(file?.size).toBe(14);
    expect(await text(file!.stream)).toBe('second version');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('lists the keys of its files, leaving out temporary files and files out of place', async () => {
    expect(await new LocalImageStorage({ uploadDir: join(root, 'missing') } as AppConfig).keys()).toEqual([]);
    await storage.put(key, Buffer.from('kept'));
    writeFileSync(join(root, 'ab', `${key}.0a1b2c3d4e5f.tmp`), 'left by a crash');
    writeFileSync(join(root, key), 'not under its sub-directory');
    expect(await storage.keys()).toEqual([key]);
  });
});
