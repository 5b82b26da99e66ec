import { ConfigType, registerAs } from '@nestjs/config';
import { type Environment, readEnvironment } from './env.validation';

/**
 * Where image files live: `postgres` (shared by every instance, the default), `s3` (an S3-compatible
 * bucket, for larger fleets) or `local` (UPLOAD_DIR, one instance only).
 */
export type ImageStorageKind = Environment['IMAGE_STORAGE'];

/** An S3-compatible bucket. */
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

function s3Config(env: Environment): S3StorageConfig | undefined {
  if (!env.S3_BUCKET) return undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

export const imagesConfig = registerAs('images', () => {
  const env = readEnvironment();
  /** `s3` is set when S3_BUCKET is; validation requires it with IMAGE_STORAGE=s3. */
  return { storage: env.IMAGE_STORAGE, s3: s3Config(env) };
});

export type ImagesConfig = ConfigType<typeof imagesConfig>;
