import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import type { AddressInfo } from 'node:net';
import type { Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { EnvelopeExpressAdapter } from './common/envelope/envelope.adapter';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app.config';
import { recordRunningServer } from './config/running-server';
import { ROOT_LOGGER } from './logging/app-logger';
import { MetricsServer } from './metrics/metrics-server';
import { startTracing } from './common/tracing/tracing-setup';

async function bootstrap(): Promise<void> {
  // Before anything runs a statement: the provider must be registered for the first spans.
  const traces = startTracing();
  // A failed start rethrows to the one line below (abortOnError: false) instead of dumping core, and
  // the log lines held back until the logger is set up are dropped with it rather than printed twice.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new EnvelopeExpressAdapter(), {
    bufferLogs: true,
    autoFlushLogs: false,
    abortOnError: false,
    bodyParser: false,
  });
  configureApp(app);
  app.flushLogs();
  const { port, publicBaseUrl, dataDir } = app.get(ConfigService).getOrThrow<AppConfig>('app');

  // On SIGTERM/SIGINT (and SIGHUP: the terminal of `npm start` closed): stop accepting connections, let
  // in-flight requests finish, run the shutdown hooks (database pool, embedded PostgreSQL), then exit.
  // Exiting through process.exit lets the logger write its last lines (see LoggingModule).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP'], { useProcessExit: true });
  await app.listen(port);
  recordRunningServer(dataDir, publicBaseUrl);
  const bound = (app.getHttpServer().address() as AddressInfo).port;
  new Logger('Main').log(`Listening on http://localhost:${bound}, docs at ${publicBaseUrl}/docs`);
  const metrics = await app.get(MetricsServer).start();
  new Logger('Main').log(metrics ? `Metrics at ${metrics} (Prometheus)` : 'Metrics off (METRICS_ENABLED=false)');
  new Logger('Main').log(traces ? `Traces exported to ${traces}` : 'Traces off (OTEL_EXPORTER_OTLP_ENDPOINT unset)');
  // The start-up lines now, not with the first batch.
  app.get<PinoLogger>(ROOT_LOGGER).flush();
}

bootstrap().catch((error: unknown) => {
  console.error('The service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
