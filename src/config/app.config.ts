import { ConfigType, registerAs } from '@nestjs/config';
import { resolve } from 'node:path';
import { runningServerUrl } from './running-server';

/**
 * Express's `trust proxy`: false (default: the client IP is the socket's peer and X-Forwarded-For is
 * ignored, so no client can pick its own IP), a number of proxy hops, or the proxies' addresses/subnets.
 */
function trustProxy(value = 'false'): boolean | number | string {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const appConfig = registerAs('app', () => {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? './.data');
  return {
    nodeEnv: process.env.NODE_ENV ?? 'development',
    port,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    dataDir,
    // With neither set (the CLI beside `npm start`), the address of the server running on this data directory.
    publicBaseUrl: (
      process.env.PUBLIC_BASE_URL ??
      (process.env.PORT ? undefined : runningServerUrl(dataDir)) ??
      `http://localhost:${port}`
    ).replace(/\/+$/, ''),
    uploadDir: resolve(process.env.UPLOAD_DIR ?? `${dataDir}/uploads`),
    trustProxy: trustProxy(process.env.TRUST_PROXY),
  };
});

export type AppConfig = ConfigType<typeof appConfig>;
