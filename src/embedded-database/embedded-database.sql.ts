import { NamedSql } from '../database/named-sql';

/** The database the embedded server creates and the service uses there. */
export const EMBEDDED_DATABASE = 'app';

/** The embedded server's first start, run on a `pg` client of its own before the service connects. */
export const EMBEDDED_DATABASE_SQL = {
  /** The data directory of the server answering. */
  dataDirectory: new NamedSql<{ data_directory: string }>(`SHOW data_directory`),

  embeddedDatabaseExists: new NamedSql(`SELECT 1 FROM pg_database WHERE datname = :name`),
  createEmbeddedDatabase: new NamedSql(`CREATE DATABASE ${EMBEDDED_DATABASE}`),
};
