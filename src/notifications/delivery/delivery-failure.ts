/**
 * Why a delivery attempt failed, as a sender reports it. `reason` is stored and shown to the vendor,
 * so it names no internal host and carries no stack trace; the full error goes to the log.
 */
export class DeliveryFailure extends Error {
  constructor(
    readonly reason: string,
    /** Retrying the same message cannot succeed (address rejected, request refused). */
    readonly permanent: boolean,
    /** The provider asked to wait this long (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(reason);
    this.name = 'DeliveryFailure';
  }

  static transient(reason: string, retryAfterMs?: number): DeliveryFailure {
    return new DeliveryFailure(reason, false, retryAfterMs);
  }

  static permanent(reason: string): DeliveryFailure {
    return new DeliveryFailure(reason, true);
  }
}

/**
 * The Node.js code of a network error (ECONNREFUSED...), looking through fetch's `cause` and under
 * nodemailer's own code (`originalCode`).
 */
export function networkErrorCode(error: unknown): string | undefined {
  // Duck-typed rather than instanceof Error: errors of Node's own modules may come from another realm.
  type NetworkError = { code?: unknown; originalCode?: unknown; name?: unknown; cause?: unknown };
  for (let current = error as NetworkError | undefined; current && typeof current === 'object';) {
    const { code, originalCode, name, cause } = current;
    if (typeof originalCode === 'string') return originalCode;
    if (typeof code === 'string') return code;
    if (name === 'TimeoutError') return 'timeout';
    current = cause as NetworkError | undefined;
  }
  return undefined;
}
