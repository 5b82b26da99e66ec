import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module';
import { EnvelopeExpressAdapter } from './common/envelope/envelope.adapter';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app.config';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new EnvelopeExpressAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  configureApp(app);
  const { port } = app.get(ConfigService).getOrThrow<AppConfig>('app');

  // On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, run the shutdown
  // hooks (database pool, embedded PostgreSQL), then exit.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.listen(port);
}

bootstrap().catch((error: unknown) => {
  console.error('The service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
