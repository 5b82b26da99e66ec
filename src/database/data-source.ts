// Entry point for the TypeORM CLI (migration:generate / migration:run), run against the compiled
// build: `npm run migration:generate -- migrations/Name`. The app itself never imports this file.
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { readEnvironment } from '../config/env.validation';
import { dataSourceOptions } from './data-source.options';

export default new DataSource({
  ...dataSourceOptions({
    url: readEnvironment().DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    poolMax: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 60_000,
  }),
  entities: [join(__dirname, '..', '**', '*.entity.js')],
});
