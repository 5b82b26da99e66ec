import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { LockSpace, lockUntilCommit } from '../database/advisory-locks';
import { Sql } from '../database/sql';
import { VendorImage, VendorImageKind } from './entities/vendor-image.entity';
import { IMAGE_SQL } from './images.sql';

export type NewVendorImage = Pick<VendorImage, 'storageKey' | 'contentType' | 'width' | 'height' | 'bytes'>;

@Injectable()
export class ImagesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** In the caller's transaction when there is one. */
  private get images(): Repository<VendorImage> {
    return this.txHost.tx.getRepository(VendorImage);
  }

  /** Adds gallery images in one INSERT; they come back with their ids, in the given order. */
  addToGallery(vendorId: number, images: NewVendorImage[]): Promise<VendorImage[]> {
    return this.images.save(
      images.map((image) => this.images.create({ ...image, vendorId, kind: VendorImageKind.Gallery })),
    );
  }

  listGallery(vendorId: number): Promise<VendorImage[]> {
    return this.images.find({ where: { vendorId, kind: VendorImageKind.Gallery }, order: { id: 'ASC' } });
  }

  findGoogleRank(vendorId: number): Promise<VendorImage | null> {
    return this.images.findOneBy({ vendorId, kind: VendorImageKind.GoogleRank });
  }

  /**
   * Makes the image the vendor's Google rank image, in place of the previous one, and returns the
   * storage keys of what it replaced; null when the vendor does not exist (the foreign key says so).
   * Two replacements for one vendor run one after the other (an advisory lock on the vendor's id).
   */
  async replaceGoogleRank(
    vendorId: number,
    image: NewVendorImage,
  ): Promise<{ image: VendorImage; replacedKeys: string[] } | null> {
    try {
      return await this.txHost.withTransaction(async () => {
        await lockUntilCommit(this.sql, LockSpace.GoogleRankImage, vendorId);
        const replaced = await this.sql.rows(IMAGE_SQL.deleteGoogleRank.bind({ vendorId }));
        const stored = await this.txHost.tx.save(VendorImage, { ...image, vendorId, kind: VendorImageKind.GoogleRank });
        return { image: stored, replacedKeys: replaced.map((row) => row.storageKey) };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /** Deletes one of the vendor's gallery images; its storage key, or null when there is no such image. */
  async deleteFromGallery(vendorId: number, imageId: number): Promise<string | null> {
    const [deleted] = await this.sql.rows(IMAGE_SQL.deleteFromGallery.bind({ imageId, vendorId }));
    return deleted?.storageKey ?? null;
  }
}
