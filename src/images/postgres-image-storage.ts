import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { Sql } from '../database/sql';
import { ImageStorage, StoredImageFile, assertImageKey } from './image-storage';
import { IMAGE_SQL } from './images.sql';

/**
 * Image files as rows of `image_files`, so that every instance serves every image and one database
 * backup holds them all (resized images are tens to hundreds of KB). Statements join the caller's
 * transaction when there is one: a file then commits or rolls back with the rows that point to it.
 */
@Injectable()
export class PostgresImageStorage extends ImageStorage {
  constructor(private readonly sql: Sql) {
    super();
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertImageKey(key);
    await this.sql.run(IMAGE_SQL.putFile.bind({ key, data, size: data.length }));
  }

  async get(key: string): Promise<StoredImageFile | null> {
    assertImageKey(key);
    const [row] = await this.sql.rows(IMAGE_SQL.getFile.bind({ key }));
    return row ? { stream: Readable.from([row.data]), size: row.data.length } : null;
  }

  async delete(key: string): Promise<void> {
    assertImageKey(key);
    await this.sql.run(IMAGE_SQL.deleteFile.bind({ key }));
  }
}
