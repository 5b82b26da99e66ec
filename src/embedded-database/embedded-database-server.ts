import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig, appConfig } from '../config/app.config';
import { DatabaseConfig, databaseConfig } from '../config/database.config';
import { EmbeddedDatabase, startEmbeddedDatabase } from './embedded-postgres';

/** Where PostgreSQL is: DATABASE_URL, or an embedded server this process starts and stops. */
@Injectable()
export class DatabaseServer implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseServer.name);
  private embedded?: EmbeddedDatabase;

  constructor(
    @Inject(databaseConfig.KEY) private readonly database: DatabaseConfig,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async url(): Promise<string> {
    if (this.database.url) return this.database.url;
    this.embedded ??= await startEmbeddedDatabase(this.app.dataDir, this.database.embeddedPort, this.logger);
    return this.embedded.url;
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded) return;
    // Close the pool before the server goes, rather than let the server cut live connections.
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (dataSource.isInitialized) await dataSource.destroy();
    await this.embedded.stop();
  }
}
