import type { Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** Boots the real application, with its real global guards, pipe, filter and interceptor, on the e2e database. */
export async function createTestApp(options: { controllers?: Type<unknown>[] } = {}): Promise<TestApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule],
    controllers: options.controllers,
  }).compile();
  const app = configureApp(
    moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true }),
  );
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    dataSource: app.get(DataSource),
    close: () => app.close(),
  };
}
