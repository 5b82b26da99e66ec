import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Logger, OnModuleDestroy } from '@nestjs/common';
import { Readable } from 'node:stream';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import type { S3StorageConfig } from '../config/images.config';
import { ImageStorage, StoredImageFile, assertImageKey, contentTypeOfKey } from './image-storage';

/** A key's bytes never change, so a CDN or browser in front of the bucket may keep them forever too. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Image files as objects of an S3-compatible bucket, under their keys, shared by every instance. A PUT
 * is atomic (a reader sees the old object or the new, never part of one). Unlike PostgreSQL it is not
 * part of the caller's transaction: ImagesService removes files whose rows did not commit, and deletes
 * replaced files only after the commit, as for the local store.
 */
export class S3ImageStorage extends ImageStorage implements OnModuleDestroy {
  private readonly logger = new Logger(S3ImageStorage.name);
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    super();
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: config.credentials,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK waits forever by default; a request for an image must not.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  async put(key: string, data: Buffer): Promise<void> {
    const contentType = contentTypeOfKey(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredImageFile | null> {
    assertImageKey(key);
    try {
      const object = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      // In Node the body is the HTTP response itself: handed on as a stream, never buffered here.
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
        // Never expected from S3; the connection is not left holding an unread body.
        if (object.Body instanceof Readable) object.Body.destroy();
        throw new Error(`S3 answered GetObject ${key} without a body stream and its length`);
      }
      return { stream: object.Body, size: object.ContentLength };
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertImageKey(key);
    // S3 answers 204 for a key with nothing stored: deleting twice is not an error.
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  /**
   * Runs an S3 request. No answer (refused, timed out) or a 5xx once the SDK's retries are spent is a
   * 503 for the client; any other refusal (no such bucket, access denied) is a misconfiguration and
   * goes on as it is.
   */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      if (status !== undefined && status < 500) throw error;
      this.logger.warn(`The S3 bucket ${this.bucket} did not answer: ${(error as Error).message}`);
      throw new DomainError(ErrorCode.Unavailable, 'The image store is unavailable; retry later.');
    }
  }
}
