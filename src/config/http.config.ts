import { ConfigType, registerAs } from '@nestjs/config';

export const httpConfig = registerAs('http', () => ({
  /** Origins allowed to call the API from a browser; empty keeps CORS closed (no CORS headers). */
  corsOrigins: (process.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  /** Whole request (headers and body) must arrive within this; slow clients are cut off. */
  requestTimeoutMs: Number(process.env.HTTP_REQUEST_TIMEOUT_MS ?? 30_000),
  /** Headers must arrive within this (slowloris protection). */
  headersTimeoutMs: Number(process.env.HTTP_HEADERS_TIMEOUT_MS ?? 10_000),
  /** Connections beyond this are refused, so a flood cannot exhaust file descriptors and memory. */
  maxConnections: Number(process.env.HTTP_MAX_CONNECTIONS ?? 2048),
  /** Idle keep-alive connections are closed after this. */
  keepAliveTimeoutMs: Number(process.env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
}));

export type HttpConfig = ConfigType<typeof httpConfig>;
