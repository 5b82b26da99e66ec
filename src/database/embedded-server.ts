/**
 * The PostgreSQL this process starts when DATABASE_URL is unset. Provided by `EmbeddedDatabaseModule`
 * (src/embedded-database), which the wiring registers only then: a service given DATABASE_URL never
 * loads the embedded server's process management.
 */
export abstract class EmbeddedServer {
  abstract url(): Promise<string>;
}
