import type { Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Writable } from 'node:stream';
import pino from 'pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { ROOT_LOGGER } from '../../src/logging/app-logger';
import { EnvelopeExpressAdapter } from '../../src/common/envelope/envelope.adapter';
import { installResponseContract } from './response-contract';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** Part of one config namespace (a registerAs factory) replaced for a test app. */
export interface ConfigOverride {
  factory: (() => object) & { KEY: string | symbol };
  values: object;
}

export const withConfig = <T extends object>(
  factory: (() => T) & { KEY: string | symbol },
  values: Partial<T>,
): ConfigOverride => ({
  factory,
  values,
});

export interface TestAppOptions {
  /** Test-only controllers mounted beside the real ones. */
  controllers?: Type<unknown>[];
  /** e.g. `withConfig(databaseConfig, { url })` to reach PostgreSQL through a TcpProxy. */
  config?: ConfigOverride[];
  /** Where the server's log lines go (every level), for a test that reads what it logged. */
  log?: Writable;
}

/** Boots the real application, with its real global guards, pipe, filter and interceptor, on the e2e database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const builder = Test.createTestingModule({ imports: [AppModule], controllers: options.controllers });
  for (const { factory, values } of options.config ?? []) {
    builder.overrideProvider(factory.KEY).useValue({ ...factory(), ...values });
  }
  if (options.log) builder.overrideProvider(ROOT_LOGGER).useValue(pino({ level: 'trace' }, options.log));
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new EnvelopeExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  // First, so that it sees every answer, those of the body parsers included.
  installResponseContract(app);
  configureApp(app);
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    dataSource: app.get(DataSource),
    close: () => app.close(),
  };
}
