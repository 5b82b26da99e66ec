import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { FileHandle, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppConfig, appConfig } from '../config/app.config';
import { IMAGE_KEY, ImageStorage, StoredImageFile, assertImageKey } from './image-storage';

/**
 * Image files under UPLOAD_DIR, spread over 256 sub-directories by the key's first two characters so
 * that no directory grows huge. Writes go to a temporary file that is flushed, then renamed over the
 * final name: the rename is atomic, so a file is either absent or complete.
 */
@Injectable()
export class LocalImageStorage extends ImageStorage {
  private readonly root: string;

  constructor(@Inject(appConfig.KEY) app: AppConfig) {
    super();
    this.root = app.uploadDir;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(temporary, 'wx', 0o644);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredImageFile | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The open handle keeps the file readable even if it is deleted meanwhile; the stream closes it.
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The key of every stored file (temporary files left by a crash are not keys). */
  async keys(): Promise<string[]> {
    let paths: string[];
    try {
      paths = await readdir(this.root, { recursive: true, encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys = paths.map((path) => basename(path));
    return keys.filter((key, i) => IMAGE_KEY.test(key) && paths[i] === join(key.slice(0, 2), key));
  }

  private pathOf(key: string): string {
    assertImageKey(key);
    return join(this.root, key.slice(0, 2), key);
  }
}
