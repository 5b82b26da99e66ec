import { ConfigType, registerAs } from '@nestjs/config';
import { resolve } from 'node:path';

export const appConfig = registerAs('app', () => {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? './.data');
  return {
    nodeEnv: process.env.NODE_ENV ?? 'development',
    port,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    dataDir,
    publicBaseUrl: (process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    uploadDir: resolve(process.env.UPLOAD_DIR ?? `${dataDir}/uploads`),
  };
});

export type AppConfig = ConfigType<typeof appConfig>;
