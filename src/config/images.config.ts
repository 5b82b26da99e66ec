import { ConfigType, registerAs } from '@nestjs/config';

/** Where image files live: `postgres` (shared by every instance, the default) or `local` (UPLOAD_DIR). */
export type ImageStorageKind = 'postgres' | 'local';

export const imagesConfig = registerAs('images', () => ({
  storage: (process.env.IMAGE_STORAGE ?? 'postgres') as ImageStorageKind,
}));

export type ImagesConfig = ConfigType<typeof imagesConfig>;
