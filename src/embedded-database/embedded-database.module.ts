import { Global, Module } from '@nestjs/common';
import { ConditionalModule } from '@nestjs/config';
import { EmbeddedServer } from '../database/embedded-server';
import { EmbeddedDatabaseServer } from './embedded-database-server';

/**
 * The embedded PostgreSQL for a machine without one: `DatabaseModule` connects to it when DATABASE_URL
 * is unset. Global, so the database module's connection factory finds its `EmbeddedServer`.
 */
@Global()
@Module({
  providers: [{ provide: EmbeddedServer, useClass: EmbeddedDatabaseServer }],
  exports: [EmbeddedServer],
})
export class EmbeddedDatabaseModule {
  /** This module, registered only when DATABASE_URL is unset (or empty, which counts as unset). */
  static whenNoDatabaseUrl() {
    return ConditionalModule.registerWhen(EmbeddedDatabaseModule, (environment) => !environment.DATABASE_URL, {
      debug: false,
    });
  }
}
