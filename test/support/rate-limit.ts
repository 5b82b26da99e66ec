import request from 'supertest';
import { rateLimitConfig } from '../../src/config/rate-limit.config';
import { Clock } from '../../src/common/time/clock';
import { bearer } from './factories';
import { ProbeController } from './probe.controller';
import { type ConfigOverride, type TestApp, createTestApp, withConfig } from './test-app';
import { VENDOR_API } from './api-paths';

// The spec's limit, which is the default (src/config/rate-limit.config.spec.ts); the rest of the suite
// runs with a raised one (test/support/env.ts).
export const specLimit = { limit: 250, windowMs: 300_000 };
export const WINDOW_SECONDS = 300;
export const SPEC = {
  limit: 250,
  error: 'Rate limit exceeded: maximum 250 requests per 5 minutes. Please retry later.',
};

/** A short window for the tests that see it pass: 3 requests per 8 s. */
export const shortWindow = withConfig(rateLimitConfig, { limit: 3, windowMs: 8_000 });
export const SHORT = { limit: 3, error: 'Rate limit exceeded: maximum 3 requests per 8 seconds. Please retry later.' };

/** An app listening on 127.0.0.1, so concurrent requests share one server and one client IP. */
export async function listeningApp(...config: ConfigOverride[]): Promise<TestApp> {
  const t = await createTestApp({ controllers: [ProbeController], config });
  await t.app.listen(0, '127.0.0.1');
  return t;
}

export const probe = (t: TestApp, token?: string): request.Test =>
  request(t.http)
    .get(`${VENDOR_API}/probe`)
    .set(token ? bearer(token) : {});

export const rateHeaders = (res: request.Response) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

/** Runs `count` requests, `concurrency` at a time, and returns the responses in order. */
export async function repeat(
  count: number,
  send: (index: number) => request.Test,
  concurrency = 10,
): Promise<request.Response[]> {
  const responses: request.Response[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, i) => send(start + i));
    responses.push(...(await Promise.all(batch)));
  }
  return responses;
}

/** Asserts a refusal (envelope, Retry-After in whole seconds, limit headers) and returns its Retry-After. */
export function expectRefused(res: request.Response, { limit, error }: { limit: number; error: string }): number {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, error });
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(rateHeaders(res)).toEqual({ limit, remaining: 0, reset: retryAfter });
  return retryAfter;
}

export interface HeldClock {
  /** Moves the limiter's time forward, as if `ms` had passed. */
  advance(ms: number): void;
  /** The held time, as the app reads it. */
  now(): Date;
  /** Gives the limiter the real time back. */
  release(): void;
}

/** Stops the time an app's limiter counts in memory by, so a test sees windows pass without waiting. */
export function holdClock(t: TestApp): HeldClock {
  let now = Date.now();
  const spy = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  return { advance: (ms) => (now += ms), now: () => new Date(now), release: () => spy.mockRestore() };
}
