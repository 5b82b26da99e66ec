import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, integer, optional, readSettings } from './settings/setting';

export const httpSettings = {
  title: 'HTTP',
  settings: {
    CORS_ORIGINS: optional(
      Joi.string()
        .allow('')
        .pattern(/^\s*(https?:\/\/[^\s,]+)(\s*,\s*https?:\/\/[^\s,]+)*\s*$/)
        .messages({ 'string.pattern.base': 'CORS_ORIGINS must be a comma-separated list of http(s) origins' }),
      'comma-separated origins allowed to call from a browser; empty = CORS closed',
      'empty',
    ),
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

export const httpConfig = registerAs('http', () => {
  const env = readSettings(httpSettings);
  return {
    /** Origins allowed to call the API from a browser; empty keeps CORS closed (no CORS headers). */
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    /** Whole request (headers and body) must arrive within this; slow clients are cut off. */
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    /** Headers must arrive within this (slowloris protection). */
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    /** Connections beyond this are refused, so a flood cannot exhaust file descriptors and memory. */
    maxConnections: env.HTTP_MAX_CONNECTIONS,
    /** Idle keep-alive connections are closed after this. */
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
});

export type HttpConfig = ConfigType<typeof httpConfig>;
