import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig, appConfig } from '../config/app.config';
import { AfterCommit } from '../database/after-commit';
import { VendorsService } from '../vendors/vendors.service';
import type { VendorImage } from './entities/vendor-image.entity';
import { ImageBox, ImageProcessor } from './image-processor';
import { ImageStorage, StoredImageFile, contentTypeOfKey, newImageKey } from './image-storage';
import { ImagesRepository, NewVendorImage } from './images.repository';

export type ImageFile = StoredImageFile & { contentType: string };

@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    private readonly images: ImagesRepository,
    private readonly processor: ImageProcessor,
    private readonly storage: ImageStorage,
    private readonly vendors: VendorsService,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
    private readonly afterCommit: AfterCommit,
  ) {}

  /** Adds the images to the vendor's gallery, all or none. */
  async addToGallery(vendorId: number, files: Buffer[], box: ImageBox): Promise<VendorImage[]> {
    await this.vendors.get(vendorId);
    const processed = await this.processAndStore(files, box);
    let images: VendorImage[];
    try {
      images = await this.images.addToGallery(vendorId, processed);
    } catch (error) {
      await this.discard(processed.map((image) => image.storageKey));
      throw error;
    }
    return images;
  }

  /** Makes the image the vendor's Google rank image; the previous one, row and file, is removed. */
  async replaceGoogleRankImage(vendorId: number, file: Buffer, box: ImageBox): Promise<VendorImage[]> {
    await this.vendors.get(vendorId);
    const [processed] = await this.processAndStore([file], box);
    let replaced: Awaited<ReturnType<ImagesRepository['replaceGoogleRank']>>;
    try {
      replaced = await this.images.replaceGoogleRank(vendorId, processed);
    } catch (error) {
      await this.discard([processed.storageKey]);
      throw error;
    }
    if (!replaced) {
      await this.discard([processed.storageKey]);
      throw DomainError.notFound('Vendor', vendorId);
    }
    // Only once the new row is committed may the old files go (the caller's transaction may be longer).
    await this.afterCommit.run(() => this.discard(replaced.replacedKeys));
    return [replaced.image];
  }

  /** The vendor's Google rank image, or null when none was uploaded. */
  async getGoogleRankImage(vendorId: number): Promise<VendorImage | null> {
    await this.vendors.get(vendorId);
    return this.images.findGoogleRank(vendorId);
  }

  async listGallery(vendorId: number): Promise<VendorImage[]> {
    await this.vendors.get(vendorId);
    return this.images.listGallery(vendorId);
  }

  async removeFromGallery(vendorId: number, imageId: number): Promise<void> {
    await this.vendors.get(vendorId);
    const key = await this.images.deleteFromGallery(vendorId, imageId);
    if (!key) throw DomainError.notFound('Gallery image', imageId);
    await this.afterCommit.run(() => this.discard([key]));
  }

  /** The stored file behind an image url, or a 404. */
  async openFile(key: string): Promise<ImageFile> {
    const file = await this.storage.get(key);
    if (!file) throw DomainError.notFound('Image', key);
    return { ...file, contentType: contentTypeOfKey(key) };
  }

  /**
   * Processes the files one at a time and stores each as soon as it is ready, so that memory holds one
   * result at a time; if any file is refused, those already stored are removed and nothing is kept.
   */
  private async processAndStore(files: Buffer[], box: ImageBox): Promise<NewVendorImage[]> {
    const stored: NewVendorImage[] = [];
    try {
      for (const file of files) {
        const image = await this.processor.process(file, box);
        const storageKey = newImageKey(image.format);
        await this.storage.put(storageKey, image.data);
        stored.push({
          storageKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
        });
      }
    } catch (error) {
      await this.discard(stored.map((image) => image.storageKey));
      throw error;
    }
    return stored;
  }

  /** Removes files nothing refers to any more; a failure leaves an orphan file, which is only logged. */
  private async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(
          `Could not delete image file ${key}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }

  /** Where the image is served: anyone with the url may fetch it (the key is unguessable). */
  urlOf(image: VendorImage): string {
    return `${this.app.publicBaseUrl}/images/${image.storageKey}`;
  }
}
