import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

export const httpConfig = registerAs('http', () => {
  const env = readEnvironment();
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
