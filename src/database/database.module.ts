import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { types } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseConfig, databaseConfig } from '../config/database.config';
import { DatabaseServer } from './database-server';
import { dataSourceOptions } from './data-source.options';
import { runMigrationsExclusively } from './migrate';
import { Sql } from './sql';

// int8 (ids, COUNT(*)) as numbers: every value the service stores stays far below 2^53.
types.setTypeParser(types.builtins.INT8, (value: string) => Number(value));

@Module({ providers: [DatabaseServer], exports: [DatabaseServer] })
class DatabaseServerModule {}

/** The TypeORM connection, and `Sql` on its pool for every module's hand-written statements. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseServerModule],
      inject: [databaseConfig.KEY, DatabaseServer],
      useFactory: async (settings: DatabaseConfig, server: DatabaseServer) => ({
        ...dataSourceOptions({ ...settings, url: await server.url() }),
        autoLoadEntities: true,
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runMigrationsExclusively(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [Sql],
  exports: [Sql],
})
export class DatabaseModule {}
