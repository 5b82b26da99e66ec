import { ConfigType, registerAs } from '@nestjs/config';
import { resolve } from 'node:path';
import { isGiven, readEnvironment } from './env.validation';
import { runningServerUrl } from './running-server';

export const appConfig = registerAs('app', () => {
  const env = readEnvironment();
  const dataDir = resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir,
    // With neither set (the CLI beside `npm start`), the address of the server running on this data directory.
    publicBaseUrl: (
      env.PUBLIC_BASE_URL ??
      (isGiven('PORT') ? undefined : runningServerUrl(dataDir)) ??
      `http://localhost:${env.PORT}`
    ).replace(/\/+$/, ''),
    uploadDir: resolve(env.UPLOAD_DIR ?? `${dataDir}/uploads`),
    /**
     * Express's `trust proxy`: false (the client IP is the socket's peer and X-Forwarded-For is ignored,
     * so no client can pick its own IP), a number of proxy hops, or the proxies' addresses/subnets.
     */
    trustProxy: env.TRUST_PROXY,
  };
});

export type AppConfig = ConfigType<typeof appConfig>;
