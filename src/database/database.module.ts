import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { types } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseConfig, databaseConfig } from '../config/database.config';
import { AfterCommit } from './after-commit';
import { connectionFailure } from './connection-failure';
import { dataSourceOptions } from './data-source.options';
import { EmbeddedServer } from './embedded-server';
import { runMigrationsExclusively } from './migrate';
import { PgPool } from './pg-pool';
import { Sql } from './sql';

// int8 (ids, COUNT(*)) as numbers: every value the service stores stays far below 2^53.
types.setTypeParser(types.builtins.INT8, (value: string) => Number(value));

@Module({ providers: [PgPool], exports: [PgPool] })
class PgPoolModule {}

/** DATABASE_URL, or the embedded server's when it is unset (EmbeddedDatabaseModule is registered then). */
async function serverUrl(settings: DatabaseConfig, embedded: EmbeddedServer | undefined): Promise<string> {
  if (settings.url) return settings.url;
  if (!embedded) throw new Error('DATABASE_URL is not set and the embedded database module is not registered.');
  return embedded.url();
}

/**
 * The TypeORM connection; `Sql` on its pool for every module's hand-written statements; and the one
 * way a transaction spans modules: `@Transactional()` (or `TransactionHost.withTransaction`) opens it,
 * and every repository that writes through `TransactionHost.tx` joins it, whichever module it is in.
 * The transaction lives in an AsyncLocalStorage context opened by the transaction itself, not per request.
 */
@Global()
@Module({
  imports: [
    PgPoolModule,
    TypeOrmModule.forRootAsync({
      imports: [PgPoolModule],
      inject: [databaseConfig.KEY, PgPool, { token: EmbeddedServer, optional: true }],
      useFactory: async (settings: DatabaseConfig, pgPool: PgPool, embedded?: EmbeddedServer) => ({
        ...dataSourceOptions({ ...settings, url: await serverUrl(settings, embedded) }),
        driver: pgPool.driver(),
        autoLoadEntities: true,
        // A database unreachable at start stops the start at once with one line saying which one
        // (connectionFailure), rather than ten logged retries; whatever restarts the service retries it.
        toRetry: () => false,
      }),
      dataSourceFactory: async (options) => {
        const dataSource = new DataSource(options!);
        await dataSource.initialize().catch((error: unknown) => {
          throw connectionFailure((options as { url: string }).url, error);
        });
        await runMigrationsExclusively(dataSource);
        return dataSource;
      },
    }),
    // Plugins registered without ClsModule.forRoot, which would mount a global guard and interceptor
    // (pass-throughs when not mounted) on every route, and any interceptor puts a route through Nest's
    // per-request rxjs pipeline: a transaction opens its own context, so no request needs one. The
    // plugin's module is global (TransactionHost everywhere).
    ClsModule.registerPlugins([
      new ClsPluginTransactional({
        imports: [TypeOrmModule],
        adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
      }),
    ]),
  ],
  providers: [Sql, AfterCommit],
  exports: [Sql, AfterCommit, PgPoolModule],
})
export class DatabaseModule {}
