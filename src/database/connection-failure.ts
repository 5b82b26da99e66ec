/** The reasons of an error, an AggregateError's (every address of a host name refused) included. */
function reasons(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return [...new Set(error.errors.map(reasons))].join('; ');
  return error instanceof Error ? error.message : String(error);
}

/**
 * One line that says which PostgreSQL could not be reached and why: host, port, database and user,
 * never the password (the URL's other parts are left out too).
 */
export function connectionFailure(url: string, error: unknown): Error {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1)) || '(default database)';
  const user = target.username ? ` as ${decodeURIComponent(target.username)}` : '';
  return new Error(
    `Cannot connect to PostgreSQL at ${target.hostname}:${target.port || 5432}/${database}${user}: ${reasons(error)}`,
  );
}
