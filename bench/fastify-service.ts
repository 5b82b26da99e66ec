// The service on Fastify (@nestjs/platform-fastify) instead of Express, for the benchmark only
// (`BENCH_FASTIFY=1 npm run bench:http`): issue 19 asks what Fastify would add, measured. The same
// AppModule (global guards, pipe and filter), the read path set up as src/app.setup.ts and src/main.ts
// set it up: the envelope put on as the answer is sent, helmet's headers, one log line per request with
// its X-Request-Id, no ETag, no interceptor on reads. What is left out is listed in docs/performance.md
// ("What Fastify would add (measured)"); production code never loads this file.
import 'reflect-metadata';
import helmet from '@fastify/helmet';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../src/app.module';
import { JSON_BODY_LIMIT } from '../src/app.setup';
import { envelopedReply } from '../src/common/envelope/envelope.adapter';
import { AppConfig } from '../src/config/app.config';
import { limitOldGenerationGrowth } from '../src/config/heap-growth';
import { HttpConfig, httpConfig } from '../src/config/http.config';
import { dropClsPassThroughInterceptor } from '../src/database/transaction-context';
import { AppLogger, ROOT_LOGGER } from '../src/logging/app-logger';
import { requestLogging } from '../src/logging/request-log';

/** Fastify's reply (what the adapter's `reply` returns), without depending on fastify's own types. */
type FastifyReply = ReturnType<FastifyAdapter['reply']>;

/** EnvelopeExpressAdapter's `reply`, on Fastify: the envelope is put on as the answer is sent. */
class EnvelopeFastifyAdapter extends FastifyAdapter {
  override reply(response: Parameters<FastifyAdapter['reply']>[0], result: unknown, statusCode?: number) {
    const { body, status } = envelopedReply(result, statusCode);
    return super.reply(response, body, status);
  }
}

// The same old-generation growth as src/main.ts sets, so the two compare on equal terms.
limitOldGenerationGrowth();

// Fastify takes the limit in bytes; body-parser reads JSON_BODY_LIMIT ('100kb') with 1 kb = 1024 bytes.
const BODY_LIMIT_BYTES = Number.parseInt(JSON_BODY_LIMIT, 10) * 1024;

async function bootstrap(): Promise<void> {
  // No middleware is mounted (the request log is a hook), so @fastify/middie is not registered.
  const adapter = new EnvelopeFastifyAdapter({ skipMiddie: true, bodyLimit: BODY_LIMIT_BYTES });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    bufferLogs: true,
    autoFlushLogs: false,
    abortOnError: false,
  });
  app.useLogger(app.get(AppLogger));
  const fastify = app.getHttpAdapter().getInstance();
  // The Express middleware as it is: it reads and writes only Node's request and response.
  const logRequest = requestLogging(app.get(ROOT_LOGGER));
  fastify.addHook('onRequest', (request, reply, done) => logRequest(request.raw, reply.raw, done));
  // AllExceptionsFilter answers with Express's `response.status(...).json(body)`; Fastify's reply has
  // `status` but sends JSON with `send`.
  fastify.decorateReply('json', function (this: FastifyReply, body: unknown) {
    return this.send(body);
  });
  // Fastify sends no ETag and no X-Powered-By of its own.
  await app.register(helmet);
  const http = app.get<HttpConfig>(httpConfig.KEY);
  if (http.corsOrigins.length) app.enableCors({ origin: http.corsOrigins, maxAge: 600 });
  // Reads run no interceptor. bindIdempotencyToWrites is not called: it keeps the interceptor in
  // Express's app settings and finds it through `request.app`, which Fastify has not (writes only).
  dropClsPassThroughInterceptor(app);
  app.flushLogs();
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  const { port } = app.get(ConfigService).getOrThrow<AppConfig>('app');
  // Loopback only: it serves the benchmark on this machine and nothing else.
  await app.listen(port, '127.0.0.1');
}

bootstrap().catch((error: unknown) => {
  console.error('The Fastify variant failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
