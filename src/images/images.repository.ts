import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { VendorImage, VendorImageKind } from './entities/vendor-image.entity';

/** TypeORM answers a DELETE with [returned rows, affected count]. */
type DeletedRows = [{ storage_key: string }[], number];

export type NewVendorImage = Pick<VendorImage, 'storageKey' | 'contentType' | 'width' | 'height' | 'bytes'>;

@Injectable()
export class ImagesRepository {
  constructor(
    @InjectRepository(VendorImage) private readonly images: Repository<VendorImage>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

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
   * storage keys of what it replaced; null when the vendor does not exist. The vendor row is locked
   * first, so two replacements for one vendor run one after the other.
   */
  replaceGoogleRank(
    vendorId: number,
    image: NewVendorImage,
  ): Promise<{ image: VendorImage; replacedKeys: string[] } | null> {
    return this.dataSource.transaction(async (manager) => {
      const vendor = await manager.query<unknown[]>('SELECT 1 FROM vendors WHERE id = $1 FOR NO KEY UPDATE', [
        vendorId,
      ]);
      if (!vendor.length) return null;
      const [replaced] = await manager.query<DeletedRows>(
        `DELETE FROM vendor_images WHERE vendor_id = $1 AND kind = 'GOOGLE_RANK' RETURNING storage_key`,
        [vendorId],
      );
      const stored = await manager.save(
        manager.create(VendorImage, { ...image, vendorId, kind: VendorImageKind.GoogleRank }),
      );
      return { image: stored, replacedKeys: replaced.map((row) => row.storage_key) };
    });
  }

  /** Deletes one of the vendor's gallery images; its storage key, or null when there is no such image. */
  async deleteFromGallery(vendorId: number, imageId: number): Promise<string | null> {
    const [rows] = await this.images.query<DeletedRows>(
      `DELETE FROM vendor_images WHERE id = $1 AND vendor_id = $2 AND kind = 'GALLERY' RETURNING storage_key`,
      [imageId, vendorId],
    );
    return rows[0]?.storage_key ?? null;
  }
}
