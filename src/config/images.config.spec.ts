import { envValidationSchema } from './env.validation';
import { imagesConfig } from './images.config';

describe('imagesConfig', () => {
  const names = [
    'IMAGE_STORAGE',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  beforeEach(() => names.forEach((name) => delete process.env[name]));
  afterAll(() => Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v))));

  it('stores images in PostgreSQL by default, with no bucket', () => {
    expect(imagesConfig()).toEqual({ storage: 'postgres', s3: undefined });
    expect(envValidationSchema.validate({}).error).toBeUndefined();
  });

  it('reads the bucket settings; without keys the SDK finds its own credentials', () => {
    Object.assign(process.env, { IMAGE_STORAGE: 's3', S3_BUCKET: 'vendor-images' });
    expect(imagesConfig()).toEqual({
      storage: 's3',
      s3: {
        endpoint: undefined,
        bucket: 'vendor-images',
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      },
    });
    Object.assign(process.env, {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'ca-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(imagesConfig().s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'vendor-images',
      region: 'ca-central-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(envValidationSchema.validate({ ...process.env }).error).toBeUndefined();
  });

  it.each([
    [{ IMAGE_STORAGE: 'minio' }, 'IMAGE_STORAGE'],
    [{ IMAGE_STORAGE: 's3' }, 'S3_BUCKET is required when IMAGE_STORAGE=s3'],
    [{ IMAGE_STORAGE: 's3', S3_BUCKET: 'Vendor_Images' }, 'S3_BUCKET must be an S3 bucket name'],
    [{ S3_ENDPOINT: 'ftp://127.0.0.1' }, 'S3_ENDPOINT'],
    [{ S3_REGION: 'Canada Central' }, 'S3_REGION'],
    [{ S3_ACCESS_KEY_ID: 'key' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j at start', (env, message) => {
    expect(envValidationSchema.validate(env).error?.message).toContain(message);
  });
});
