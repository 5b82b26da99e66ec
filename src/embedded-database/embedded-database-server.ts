import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig, appConfig } from '../config/app.config';
import { DatabaseConfig, databaseConfig } from '../config/database.config';
import { EmbeddedServer } from '../database/embedded-server';
import { EmbeddedDatabase, startEmbeddedDatabase } from './embedded-postgres';

/** The embedded server this process starts (or joins) on its data directory, and stops at shutdown. */
@Injectable()
export class EmbeddedDatabaseServer extends EmbeddedServer implements OnApplicationShutdown {
  private readonly logger = new Logger(EmbeddedDatabaseServer.name);
  private embedded?: EmbeddedDatabase;

  constructor(
    @Inject(databaseConfig.KEY) private readonly database: DatabaseConfig,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  async url(): Promise<string> {
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
