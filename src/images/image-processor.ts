import { Injectable, Logger } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type sharpModule from 'sharp';
import { DomainError, ErrorCode } from '../common/errors/domain-error';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Largest image accepted, in pixels: about 8660x5770, far above any camera photo or screenshot. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Images processed at once: one fewer than the cores, so that one core is always left to the event loop
 * (on two cores, a second image in parallel made /health/live's p99 3-4 times slower during ten
 * uploads, `npm run bench:images`). Each also holds a libuv thread (4 by default) for its whole run,
 * and file I/O needs the same pool: at most three.
 */
export const PARALLEL_IMAGES = Math.min(3, Math.max(1, availableParallelism() - 1));

const ENCODING: Record<ImageFormat, sharpModule.JpegOptions | sharpModule.PngOptions | sharpModule.WebpOptions> = {
  jpeg: { quality: 82 },
  png: { compressionLevel: 6 },
  webp: { quality: 80 },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the bytes themselves declare (never the file name or the client's content type). */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface ImageBox {
  maxWidth: number;
  maxHeight: number;
}

export interface ProcessedImage {
  data: Buffer;
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Turns an uploaded file into the image the service stores: decoded, turned upright by its EXIF
 * orientation, shrunk to fit inside the box (never enlarged), stripped of all metadata (EXIF, ICC,
 * XMP: sharp keeps none unless asked) and re-encoded in its own format.
 */
@Injectable()
export class ImageProcessor {
  private readonly logger = new Logger(ImageProcessor.name);
  private readonly slots = pLimit(PARALLEL_IMAGES);

  private loaded?: typeof sharpModule;

  /**
   * sharp with libvips, loaded with the first image rather than at start: ~10 MB of RSS (idle service,
   * 164 -> 153 MB) that an instance serving only reads never needs.
   */
  private get sharp(): typeof sharpModule {
    if (!this.loaded) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      this.loaded = require('sharp') as typeof sharpModule;
      // libvips caches operations for reuse; every upload is a new image, so the cache only holds memory.
      this.loaded.cache(false);
    }
    return this.loaded;
  }

  async process(input: Buffer, box: ImageBox): Promise<ProcessedImage> {
    const format = sniffImageFormat(input);
    if (!format) {
      throw new DomainError(
        ErrorCode.UnsupportedMediaType,
        'Only JPEG, PNG and WebP images are accepted; the file is none of these.',
      );
    }
    return this.slots(() => this.transform(input, format, box));
  }

  private async transform(input: Buffer, format: ImageFormat, box: ImageBox): Promise<ProcessedImage> {
    // Reads the header only, so the size can be refused before a single pixel is decoded.
    const header = await this.sharp(input, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => this.undecodable(format, error));
    if (header.format !== format) this.undecodable(format, new Error(`libvips sees ${header.format}`));
    if (header.width * header.height > MAX_INPUT_PIXELS) {
      throw new DomainError(
        ErrorCode.PayloadTooLarge,
        `The image is ${header.width}x${header.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
      );
    }
    try {
      const { data, info } = await this.sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true })
        .toFormat(format, ENCODING[format])
        .toBuffer({ resolveWithObject: true });
      return { data, format, contentType: IMAGE_CONTENT_TYPES[format], width: info.width, height: info.height };
    } catch (error) {
      return this.undecodable(format, error);
    }
  }

  private undecodable(format: ImageFormat, error: unknown): never {
    this.logger.warn(`Refused an uploaded ${format}: ${error instanceof Error ? error.message : String(error)}`);
    throw DomainError.invalid(
      `The file looks like a ${format.toUpperCase()} image but could not be decoded; it may be damaged or incomplete.`,
    );
  }
}
