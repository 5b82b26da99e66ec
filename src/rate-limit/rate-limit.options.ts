import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { RateLimitConfig } from '../config/rate-limit.config';

/** The contract's 429 text with the configured numbers: "…maximum 250 requests per 5 minutes…" by default. */
export function rateLimitMessage(limit: number, windowMs: number): string {
  const window = windowMs % 60_000 === 0 ? count(windowMs / 60_000, 'minute') : count(windowMs / 1000, 'second');
  return `Rate limit exceeded: maximum ${count(limit, 'request')} per ${window}. Please retry later.`;
}

const count = (amount: number, unit: string): string => `${amount} ${unit}${amount === 1 ? '' : 's'}`;

export function throttlerOptions({ limit, windowMs }: RateLimitConfig): ThrottlerModuleOptions {
  return {
    // Only the throttler named 'default' sends plain Retry-After and X-RateLimit-* (others get a suffix).
    throttlers: [{ name: 'default', limit, ttl: windowMs }],
    errorMessage: rateLimitMessage(limit, windowMs),
  };
}
