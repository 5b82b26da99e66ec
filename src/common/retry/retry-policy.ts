const MAX_RETRY_AFTER_MS = 24 * 3600_000;

export interface BackoffSettings {
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/**
 * Delay before the attempt after `attempt` (1-based): base·2^(attempt−1), capped, with "equal jitter"
 * (half fixed, half random) so instances that failed together do not retry together.
 */
export function backoffDelayMs(attempt: number, settings: BackoffSettings, random: () => number = Math.random): number {
  const exponential = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** The provider's Retry-After (seconds or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}
