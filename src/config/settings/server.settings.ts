import Joi from 'joi';
import { SettingsGroup, httpUrl, integer, oneOf, optional, withDefault } from './setting';

// One proxy address or subnet as Express's `trust proxy` takes them (proxy-addr): a keyword, an IP or a CIDR.
const PROXY = String.raw`(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\d{1,3})?)`;
const PROXY_LIST = new RegExp(String.raw`^\s*${PROXY}(\s*,\s*${PROXY})*\s*$`);

export const serverSettings = {
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
    CORS_ORIGINS: optional(
      Joi.string()
        .allow('')
        .pattern(/^\s*(https?:\/\/[^\s,]+)(\s*,\s*https?:\/\/[^\s,]+)*\s*$/)
        .messages({ 'string.pattern.base': 'CORS_ORIGINS must be a comma-separated list of http(s) origins' }),
      'comma-separated origins allowed to call from a browser; empty = CORS closed',
      'empty',
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
  },
} satisfies SettingsGroup;

export const httpSettings = {
  title: 'HTTP limits',
  settings: {
    HTTP_REQUEST_TIMEOUT_MS: integer(1000, undefined, 30_000, 'a request (headers and body) must arrive within this'),
    HTTP_HEADERS_TIMEOUT_MS: integer(
      1000,
      undefined,
      10_000,
      'headers must arrive within this (slow-client protection)',
    ),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(1000, undefined, 5_000, 'idle keep-alive connections are closed after this'),
    HTTP_MAX_CONNECTIONS: integer(10, 1_000_000, 2048, 'connections beyond this are refused'),
  },
} satisfies SettingsGroup;
