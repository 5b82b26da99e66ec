import { ConfigType, registerAs } from '@nestjs/config';
import { resolve } from 'node:path';
import { runningServerUrl } from './running-server';
import Joi from 'joi';
import { SettingsGroup, httpUrl, isGiven, oneOf, optional, readSettings, withDefault } from './settings/setting';

// One proxy address or subnet as Express's `trust proxy` takes them (proxy-addr): a keyword, an IP or a CIDR.
const PROXY = String.raw`(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\d{1,3})?)`;
const PROXY_LIST = new RegExp(String.raw`^\s*${PROXY}(\s*,\s*${PROXY})*\s*$`);

export const appSettings = {
  title: 'Server',
  settings: {
    NODE_ENV: oneOf(
      ['development', 'production', 'test'],
      'development',
      '`production` requires every setting whose default column says *required in production*',
    ),
    PORT: withDefault(Joi.number().port(), 3000, 'HTTP port'),
    LOG_LEVEL: oneOf(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'info',
      'pino level (`silent` in tests); lines are readable on a terminal, JSON otherwise',
    ),
    DATA_DIR: withDefault(
      Joi.string(),
      './.data',
      'embedded PostgreSQL data, generated keys, uploads (one embedded server per directory)',
    ),
    PUBLIC_BASE_URL: optional(
      httpUrl(),
      "base of links in customer messages; a CLI with neither this nor `PORT` set takes the running server's (recorded in `DATA_DIR/server.json`)",
      '`http://localhost:$PORT`',
    ),
    // Joi reads `true`/`false` as booleans and digits as a hop count before trying the list.
    TRUST_PROXY: withDefault(
      Joi.alternatives<boolean | number | string>(
        Joi.boolean(),
        Joi.number().integer().min(0),
        Joi.string().pattern(PROXY_LIST).messages({
          'string.pattern.base':
            'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/subnets',
        }),
      ),
      false,
      'Express `trust proxy`: `false`, a hop count, or proxy addresses/subnets (see [Client IP](modules/rate-limit.md))',
    ),
    UPLOAD_DIR: optional(
      Joi.string(),
      'image files when `IMAGE_STORAGE=local`, and where `move-local-images` reads them',
      '`$DATA_DIR/uploads`',
    ),
  },
} satisfies SettingsGroup;

export const appConfig = registerAs('app', () => {
  const env = readSettings(appSettings);
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
