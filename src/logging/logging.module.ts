import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, appConfig } from '../config/app.config';
import { maskUrl } from './mask-url';
import { withOutputFormat } from './output-format';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A client-supplied X-Request-Id is kept when it is sane, so logs can be joined across systems. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: (app: AppConfig) => ({
        pinoHttp: withOutputFormat({
          level: app.logLevel,
          genReqId: requestId,
          // The serializers below take the raw request and response (no standard serializer first, which
          // would copy every header only for these to drop them): headers are never logged.
          wrapSerializers: false,
          serializers: {
            req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
              id: req.id,
              method: req.method,
              url: maskUrl(req.originalUrl ?? req.url),
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          customLogLevel: (_req, res, error) =>
            error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          autoLogging: { ignore: (req) => req.url?.startsWith('/health') ?? false },
        }),
      }),
    }),
  ],
})
export class LoggingModule {}
