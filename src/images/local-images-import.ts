import { Inject, Injectable } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import { DomainError } from '../common/errors/domain-error';
import { ImagesConfig, imagesConfig } from '../config/images.config';
import { ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';

export interface LocalImagesImportResult {
  /** Files found under UPLOAD_DIR, each now in the configured store. */
  copied: number;
  storage: string;
}

/**
 * Copies the files an instance wrote under UPLOAD_DIR (IMAGE_STORAGE=local, or before the shared
 * store existed) into the configured store, under the same keys, so their urls keep working. Safe to
 * run again: a key's bytes never change, so copying a file twice stores the same thing. The local
 * files are left in place; remove them once the copy is checked.
 */
@Injectable()
export class LocalImagesImport {
  constructor(
    private readonly local: LocalImageStorage,
    private readonly storage: ImageStorage,
    @Inject(imagesConfig.KEY) private readonly config: ImagesConfig,
  ) {}

  async run(): Promise<LocalImagesImportResult> {
    if (this.config.storage === 'local') {
      throw DomainError.invalid('IMAGE_STORAGE is local: the files are already where it stores them.');
    }
    let copied = 0;
    for (const key of await this.local.keys()) {
      const file = await this.local.get(key);
      // Deleted since it was listed: nothing to copy.
      if (!file) continue;
      await this.storage.put(key, await buffer(file.stream));
      copied++;
    }
    return { copied, storage: this.config.storage };
  }
}
