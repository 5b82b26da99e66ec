/** Errors that mean PostgreSQL could not be reached, as opposed to a query that failed. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
// 57P01..57P03: admin/crash shutdown, cannot connect now; 53300: too many connections; 08xxx: connection exceptions.
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53300)/;
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
];

// Duck-typed rather than `instanceof Error`: socket errors are created by Node's core, which can be
// another realm than the caller's (as under Jest).
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError } = error as { code?: unknown; message?: unknown; driverError?: unknown };
  if (driverError && driverError !== error && isDatabaseUnavailable(driverError)) return true;
  if (typeof code === 'string' && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

const sqlStateOf = (error: unknown): unknown => {
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  return driverError?.code ?? code;
};

/** PostgreSQL's foreign_key_violation: the row referred to (a vendor, say) does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23503';
}

/** PostgreSQL's unique_violation, for services that turn it into a conflict. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}
