import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, SettingsOf, httpUrl, oneOf, optional, readSettings, withDefault } from './settings/setting';

export const imagesSettings = {
  title: 'Images',
  settings: {
    IMAGE_STORAGE: oneOf(
      ['postgres', 's3', 'local'],
      'postgres',
      'where image files live: `postgres` (table `image_files`, shared by every instance), `s3` (an S3-compatible bucket, shared by every instance) or `local` (`UPLOAD_DIR`, one instance only); see [Image storage](modules/images.md#image-storage)',
    ),
    S3_BUCKET: optional(
      Joi.string()
        .pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
        .when('IMAGE_STORAGE', {
          is: 's3',
          then: Joi.required().messages({ 'any.required': 'S3_BUCKET is required when IMAGE_STORAGE=s3' }),
        })
        .messages({ 'string.pattern.base': 'S3_BUCKET must be an S3 bucket name (3-63 of a-z, 0-9, . and -)' }),
      'the bucket, when `IMAGE_STORAGE=s3` (required then)',
    ),
    S3_ENDPOINT: optional(httpUrl(), 'http(s) url of an S3-compatible server (MinIO, Ceph, R2…); unset = AWS S3'),
    S3_REGION: withDefault(
      Joi.string().pattern(/^[a-z0-9-]{1,50}$/),
      'us-east-1',
      "the bucket's region (S3-compatible servers mostly accept any)",
    ),
    S3_ACCESS_KEY_ID: optional(
      Joi.string().max(256),
      "with `S3_SECRET_ACCESS_KEY`, both or neither; unset = the AWS SDK's default chain (`AWS_*` variables, shared config files, instance/task role)",
    ),
    S3_SECRET_ACCESS_KEY: optional(Joi.string().max(256), 'the secret of `S3_ACCESS_KEY_ID`'),
    S3_FORCE_PATH_STYLE: withDefault(
      Joi.boolean(),
      false,
      '`true`: `{endpoint}/{bucket}/{key}` urls instead of `{bucket}.{endpoint}`, as most self-hosted servers need',
    ),
  },
} satisfies SettingsGroup;

/**
 * Where image files live: `postgres` (shared by every instance, the default), `s3` (an S3-compatible
 * bucket, for larger fleets) or `local` (UPLOAD_DIR, one instance only).
 */
export type ImageStorageKind = SettingsOf<typeof imagesSettings>['IMAGE_STORAGE'];

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

function s3Config(env: SettingsOf<typeof imagesSettings>): S3StorageConfig | undefined {
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
  const env = readSettings(imagesSettings);
  /** `s3` is set when S3_BUCKET is; validation requires it with IMAGE_STORAGE=s3. */
  return { storage: env.IMAGE_STORAGE, s3: s3Config(env) };
});

export type ImagesConfig = ConfigType<typeof imagesConfig>;
