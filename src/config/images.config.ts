import { ConfigType, registerAs } from '@nestjs/config';

/**
 * Where image files live: `postgres` (shared by every instance, the default), `s3` (an S3-compatible
 * bucket, for larger fleets) or `local` (UPLOAD_DIR, one instance only).
 */
export type ImageStorageKind = 'postgres' | 's3' | 'local';

/** An S3-compatible bucket. Values are validated in env.validation.ts. */
export interface S3StorageConfig {
  /** Unset: AWS S3 itself; set for MinIO, Ceph, R2, Spaces and the like. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default chain (AWS_* variables, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: most self-hosted servers need it. */
  forcePathStyle: boolean;
}

function s3Config(): S3StorageConfig | undefined {
  const bucket = process.env.S3_BUCKET;
  if (!bucket) return undefined;
  const accessKeyId = process.env.S3_ACCESS_KEY_ID;
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY;
  return {
    endpoint: process.env.S3_ENDPOINT || undefined,
    bucket,
    region: process.env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: (process.env.S3_FORCE_PATH_STYLE ?? 'false') === 'true',
  };
}

export const imagesConfig = registerAs('images', () => ({
  storage: (process.env.IMAGE_STORAGE ?? 'postgres') as ImageStorageKind,
  /** Set when S3_BUCKET is; env validation requires it with IMAGE_STORAGE=s3. */
  s3: s3Config(),
}));

export type ImagesConfig = ConfigType<typeof imagesConfig>;
