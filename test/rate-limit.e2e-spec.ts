import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { VendorsService } from '../src/vendors/vendors.service';
import { appConfig } from '../src/config/app.config';
import { rateLimitConfig } from '../src/config/rate-limit.config';
import { bearer, createAdmin, createVendor } from './support/factories';
import { ProbeController } from './support/probe.controller';
import { waitUntil } from './support/net';
import { RedisServer, SHARED_REDIS_URL } from './support/redis-server';
import { type ConfigOverride, type TestApp, createTestApp, withConfig } from './support/test-app';

// Hundreds of requests, and waits for windows to pass, on a machine other test runs share.
jest.setTimeout(30_000);

// The spec's limit, which is the default (src/config/rate-limit.config.spec.ts); the rest of the suite
// runs with a raised one (test/support/env.ts).
const specLimit = { limit: 250, windowMs: 300_000 };
const WINDOW_SECONDS = 300;
const SPEC = { limit: 250, error: 'Rate limit exceeded: maximum 250 requests per 5 minutes. Please retry later.' };

/** A short window for the tests that wait for it to pass: 3 requests per 8 s. */
const shortWindow = withConfig(rateLimitConfig, { limit: 3, windowMs: 8_000 });
const SHORT = { limit: 3, error: 'Rate limit exceeded: maximum 3 requests per 8 seconds. Please retry later.' };

/** An app listening on 127.0.0.1, so concurrent requests share one server and one client IP. */
async function listeningApp(...config: ConfigOverride[]): Promise<TestApp> {
  const t = await createTestApp({ controllers: [ProbeController], config });
  await t.app.listen(0, '127.0.0.1');
  return t;
}

const probe = (t: TestApp, token?: string): request.Test =>
  request(t.http)
    .get('/rest-api-v1/probe')
    .set(token ? bearer(token) : {});

const rateHeaders = (res: request.Response) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

/** Runs `count` requests, `concurrency` at a time, and returns the responses in order. */
async function repeat(
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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Asserts a refusal (envelope, Retry-After in whole seconds, limit headers) and returns its Retry-After. */
function expectRefused(res: request.Response, { limit, error }: { limit: number; error: string }): number {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, error });
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(rateHeaders(res)).toEqual({ limit, remaining: 0, reset: retryAfter });
  return retryAfter;
}

describe('Rate limit (e2e)', () => {
  describe("with the spec's limit, in memory", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await listeningApp(withConfig(rateLimitConfig, specLimit));
    });
    afterAll(() => t.close());

    it('admits exactly 250 requests of a vendor, refuses the 251st with Retry-After, and leaves other accounts and IPs alone', async () => {
      const { token } = await createVendor(t.app);
      const startedAt = Date.now();
      const first = await probe(t, token);
      expect(first.status).toBe(200);
      expect(rateHeaders(first)).toEqual({ limit: 250, remaining: 249, reset: WINDOW_SECONDS });

      const rest = await repeat(249, () => probe(t, token));
      expect(rest.filter((res) => res.status === 200)).toHaveLength(249);
      // Each admitted request was counted once, concurrency notwithstanding.
      const remaining = rest.map((res) => rateHeaders(res).remaining).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 249 }, (_, i) => i));

      const refused = await probe(t, token);
      const retryAfter = expectRefused(refused, SPEC);
      // The first request leaves the window 300 s after it was counted, and not before.
      const elapsedSeconds = (Date.now() - startedAt) / 1000;
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(WINDOW_SECONDS - elapsedSeconds));

      // Refused requests are not counted, so retrying does not push the reopening later.
      const again = await probe(t, token);
      expect(expectRefused(again, SPEC)).toBeLessThanOrEqual(retryAfter);
      // One budget across the whole API, not one per route.
      expectRefused(await request(t.http).get('/rest-api-v1/probe/rms').set(bearer(token)), SPEC);

      const otherVendor = await probe(t, (await createVendor(t.app)).token);
      expect(otherVendor.status).toBe(200);
      expect(rateHeaders(otherVendor).remaining).toBe(249);

      const { vendor } = await createVendor(t.app);
      const manager = await request(t.http)
        .get(`/rest-manager-api-v1/vendors/${vendor.id}/features`)
        .set(bearer((await createAdmin(t.app)).token));
      expect(manager.status).toBe(200);
      expect(rateHeaders(manager)).toEqual({ limit: 250, remaining: 249, reset: WINDOW_SECONDS });

      const anonymous = await probe(t);
      expect(anonymous.status).toBe(401);
      expect(rateHeaders(anonymous).remaining).toBe(249);
    });

    it('counts a revoked token apart from the token that replaced it', async () => {
      const { vendor, token: revoked } = await createVendor(t.app);
      await probe(t, revoked).expect(200);
      const current = await t.app.get(VendorsService).issueToken(vendor.id);

      const refusedOld = await probe(t, revoked);
      expect(refusedOld.status).toBe(401);
      expect(rateHeaders(refusedOld).remaining).toBe(248);
      const admitted = await probe(t, current);
      expect(admitted.status).toBe(200);
      expect(rateHeaders(admitted).remaining).toBe(249);
    });
  });

  describe('with a short window', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await listeningApp(shortWindow);
    });
    afterAll(() => t.close());

    it('reopens as the window slides: one slot as each counted request leaves it', async () => {
      const { token } = await createVendor(t.app);
      expect(rateHeaders(await probe(t, token).expect(200))).toEqual({ limit: 3, remaining: 2, reset: 8 });
      await sleep(4_000);
      await probe(t, token).expect(200);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(0);
      // The first request leaves the window about 4 s from now, the next two about 8 s from now.
      const retryAfter = expectRefused(await probe(t, token), SHORT);
      expect(retryAfter).toBeLessThanOrEqual(4);
      expectRefused(await probe(t, token), SHORT);

      await sleep(retryAfter * 1000);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(0);
      // The two later requests are still in the window (a fixed window would have reopened fully).
      const nextRetryAfter = expectRefused(await probe(t, token), SHORT);
      expect(nextRetryAfter).toBeLessThanOrEqual(4);
    });

    it('limits requests without a valid token per client IP, before authentication refuses them', async () => {
      const forged = new JwtService({ secret: 'another-secret-another-secret-another-secret' }).sign(
        { typ: 'vendor' },
        { subject: '1', jwtid: randomUUID() },
      );
      const refusedByAuth = [await probe(t), await probe(t, 'not-a-jwt'), await probe(t, forged)];
      expect(refusedByAuth.map((res) => [res.status, rateHeaders(res).remaining])).toEqual([
        [401, 2],
        [401, 1],
        [401, 0],
      ]);
      expectRefused(await probe(t), SHORT);
      expectRefused(await probe(t, forged), SHORT);

      const { token } = await createVendor(t.app);
      await probe(t, token).expect(200);
    });

    it('does not limit health checks or the API docs', async () => {
      const responses = await repeat(10, (i) =>
        request(t.http).get(['/health/live', '/health/ready', '/docs-json', '/docs/'][i % 4]),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
      for (const res of responses) expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });

  describe('client IP behind a proxy', () => {
    const fromClients = (t: TestApp, count: number) =>
      repeat(count, (i) => probe(t).set('X-Forwarded-For', `203.0.113.${i + 1}`), 1);

    it('ignores X-Forwarded-For by default, so a client cannot choose its own budget', async () => {
      const t = await listeningApp(shortWindow);
      try {
        const statuses = (await fromClients(t, 4)).map((res) => res.status);
        expect(statuses).toEqual([401, 401, 401, 429]);
      } finally {
        await t.close();
      }
    });

    it('limits each forwarded client apart when TRUST_PROXY names the proxy', async () => {
      const t = await listeningApp(shortWindow, withConfig(appConfig, { trustProxy: 'loopback' }));
      try {
        const statuses = (await fromClients(t, 4)).map((res) => res.status);
        expect(statuses).toEqual([401, 401, 401, 401]);
        const sameClient = await repeat(3, () => probe(t).set('X-Forwarded-For', '203.0.113.1'), 1);
        expect(sameClient.map((res) => res.status)).toEqual([401, 401, 429]);
      } finally {
        await t.close();
      }
    });
  });

  describe('shared in Redis', () => {
    // A prefix of this run's own: other runs may use the same Redis at the same time.
    const prefix = `rate-limit-test:${randomUUID()}:`;
    const shared = withConfig(rateLimitConfig, { ...specLimit, redisUrl: SHARED_REDIS_URL, redisKeyPrefix: prefix });
    let instances: TestApp[];
    let redis: Redis;

    beforeAll(async () => {
      instances = [await listeningApp(shared), await listeningApp(shared)];
      redis = new Redis(SHARED_REDIS_URL);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await Promise.all(instances.map((t) => t.close()));
    });

    it('lets two instances together admit exactly 250 of 300 concurrent requests', async () => {
      const { vendor, token } = await createVendor(instances[0].app);
      const startedAt = Date.now();
      const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => probe(instances[i % 2], token)));

      const admitted = responses.filter((res) => res.status === 200);
      const refused = responses.filter((res) => res.status === 429);
      expect(admitted).toHaveLength(250);
      expect(refused).toHaveLength(50);
      // Both instances admitted some: the budget really is shared.
      expect(new Set(admitted.map((res) => res.request.url.split('/')[2])).size).toBe(2);
      const elapsedSeconds = (Date.now() - startedAt) / 1000;
      for (const res of refused) {
        const retryAfter = expectRefused(res, SPEC);
        expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
        expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(WINDOW_SECONDS - elapsedSeconds));
      }

      const keys = await redis.keys(`${prefix}vendor:${vendor.id}:*`);
      expect(keys).toHaveLength(1);
      expect(await redis.zcard(keys[0])).toBe(250);

      const other = await probe(instances[1], (await createVendor(instances[1].app)).token);
      expect(other.status).toBe(200);
      expect(rateHeaders(other).remaining).toBe(249);
    });
  });

  describe('when Redis becomes unreachable', () => {
    let server: RedisServer;
    let t: TestApp;
    let warn: jest.SpyInstance;
    let log: jest.SpyInstance;
    const redisMessages = (spy: jest.SpyInstance): unknown[] =>
      spy.mock.calls.map(([message]: unknown[]) => message).filter((m) => typeof m === 'string' && /Redis/.test(m));

    beforeAll(async () => {
      server = await RedisServer.start();
      warn = jest.spyOn(Logger.prototype, 'warn');
      log = jest.spyOn(Logger.prototype, 'log');
      t = await listeningApp(withConfig(rateLimitConfig, { ...specLimit, redisUrl: server.url }));
    });
    afterAll(async () => {
      await t.close();
      await server.stop();
      warn.mockRestore();
      log.mockRestore();
    });

    const readiness = async () => {
      const res = await request(t.http).get('/health/ready');
      expect(res.status).toBe(200);
      return res.body.data as { status: string; details: Record<string, Record<string, unknown>> };
    };
    const countedInRedis = async (vendorId: number): Promise<number> => {
      const redis = new Redis(server.url);
      try {
        const [key] = await redis.keys(`rate-limit:vendor:${vendorId}:*`);
        return key ? await redis.zcard(key) : 0;
      } finally {
        redis.disconnect();
      }
    };

    it('keeps answering and limiting in memory, says so in readiness, and counts in Redis again once it is back', async () => {
      const { vendor, token } = await createVendor(t.app);
      await repeat(3, () => probe(t, token).expect(200));
      expect(await countedInRedis(vendor.id)).toBe(3);
      expect((await readiness()).details.rateLimit).toEqual({ status: 'up', storage: 'redis', redis: 'up' });

      await server.stop();
      const duringOutage = await repeat(20, () => probe(t, token), 1);
      expect(duringOutage.map((res) => res.status)).toEqual(Array(20).fill(200));
      // Counted from zero in this instance's memory.
      expect(duringOutage.map((res) => rateHeaders(res).remaining)).toEqual(
        Array.from({ length: 20 }, (_, i) => 249 - i),
      );
      const degraded = await readiness();
      expect(degraded.status).toBe('degraded');
      expect(degraded.details.database).toMatchObject({ status: 'up' });
      expect(degraded.details.rateLimit).toEqual({
        status: 'degraded',
        storage: 'memory',
        redis: 'down',
        message: expect.stringMatching(/Redis is unreachable/),
      });
      // Reported once, not once per request or reconnection attempt.
      expect(redisMessages(warn)).toHaveLength(1);

      await server.start();
      await waitUntil(async () => (await readiness()).details.rateLimit.redis === 'up');
      const afterwards = await probe(t, token).expect(200);
      expect(rateHeaders(afterwards).remaining).toBe(249);
      expect(await countedInRedis(vendor.id)).toBe(1);
      expect(redisMessages(log).length).toBeGreaterThanOrEqual(2);
    });
  });
});
