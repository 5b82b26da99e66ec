import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

  it('refuses a key that is not one it generates, so no path can be escaped', async () => {
    for (const bad of [
      '../../etc/passwd',
      'AB0123456789abcdef0123456789abcd.png',
      'ab0123456789abcdef0123456789abcd.svg',
    ]) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Not an image key/);
      await expect(storage.get(bad)).rejects.toThrow(/Not an image key/);
    }
  });
});
