import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { rateLimitConfig } from '../../src/config/rate-limit.config';
import { BuiltServer } from '../support/built-server';
import { CpuLoad } from '../support/cpu-load';
import { createVendor } from '../support/factories';
import { scrapedValue } from '../support/metric-value';
import { waitUntil } from '../support/net';
import { SPEC_LIMIT, burst, startInstances } from '../support/rate-limit-burst';
import {
  SPEC,
  WINDOW_SECONDS,
  expectRefused,
  listeningApp,
  probe,
  rateHeaders,
  repeat,
  specLimit,
} from '../support/rate-limit';
import {
  RedisServer,
  describeWithRedis,
  describeWithRedisServer,
  removeKeys,
  sharedRedisUrl,
} from '../support/redis-server';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

// Built servers, a loaded CPU and a Redis that hangs, on a machine other test runs share.
jest.setTimeout(120_000);

/** The admitted requests Redis holds for a vendor. */
async function countedInRedis(url: string, prefix: string, vendorId: number): Promise<number> {
  const redis = new Redis(url);
  try {
    return await redis.zcard(`${prefix}vendor:${vendorId}`);
  } finally {
    redis.disconnect();
  }
}

/** Milliseconds until the oldest request counted under `key` in the shared Redis leaves the window, by its clock. */
async function untilOldestLeaves(key: string): Promise<number> {
  const redis = new Redis(sharedRedisUrl());
  try {
    const [, oldest] = await redis.zrange(key, 0, 0, 'WITHSCORES');
    const [seconds, micros] = await redis.time();
    return Number(oldest) + specLimit.windowMs - (Number(seconds) * 1000 + Math.floor(Number(micros) / 1000));
  } finally {
    redis.disconnect();
  }
}

/** Blocks this process's event loop, as a burst of CPU-bound work in the app would. */
function keepBusy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning
  }
}

describe('Rate limit shared in Redis (e2e)', () => {
  describeWithRedis('two instances', () => {
    // A prefix of this run's own: other runs may use the same Redis at the same time.
    const prefix = `rate-limit-test:${randomUUID()}:`;
    const shared = withConfig(rateLimitConfig, { ...specLimit, redisUrl: sharedRedisUrl(), redisKeyPrefix: prefix });
    let instances: TestApp[];

    beforeAll(async () => {
      instances = [await listeningApp(shared), await listeningApp(shared)];
    });
    afterAll(async () => {
      await removeKeys(prefix);
      await Promise.all(instances.map((t) => t.close()));
    });

    it('admit exactly 250 of 300 concurrent requests together, one budget per vendor', async () => {
      const { vendor, token } = await createVendor(instances[0].app);
      const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => probe(instances[i % 2], token)));

      const admitted = responses.filter((res) => res.status === 200);
      const refused = responses.filter((res) => res.status === 429);
      expect(admitted).toHaveLength(250);
      expect(refused).toHaveLength(50);
      // Both instances admitted some: the budget really is shared.
      expect(new Set(admitted.map((res) => res.request.url.split('/')[2])).size).toBe(2);
      expect(await countedInRedis(sharedRedisUrl(), prefix, vendor.id)).toBe(250);
      // Each refusal said when the oldest admitted request leaves the window, by Redis's clock: no later
      // than a full window, and no earlier than it does as seen now, after every refusal.
      const msUntilOldestLeavesNow = await untilOldestLeaves(`${prefix}vendor:${vendor.id}`);
      for (const res of refused) {
        const retryAfter = expectRefused(res, SPEC);
        expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
        expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil(msUntilOldestLeavesNow / 1000));
      }

      const other = await probe(instances[1], (await createVendor(instances[1].app)).token);
      expect(other.status).toBe(200);
      expect(rateHeaders(other).remaining).toBe(249);
    });
  });

  describeWithRedis('two built servers on a loaded machine', () => {
    const RUNS = 10;
    const prefix = `rate-limit-test:${randomUUID()}:`;
    let t: TestApp;
    let servers: BuiltServer[];

    beforeAll(async () => {
      t = await createTestApp();
      servers = await startInstances(2, { REDIS_URL: sharedRedisUrl(), RATE_LIMIT_REDIS_PREFIX: prefix });
    });
    afterAll(async () => {
      await Promise.all((servers ?? []).map((server) => server.stop()));
      await removeKeys(prefix);
      await t.close();
    });

    it(`admit exactly 250 of 400 concurrent requests, ${RUNS} runs in a row, with every core busy`, async () => {
      // A vendor per run, so that no run sees another's window.
      const vendors = await Promise.all(Array.from({ length: RUNS }, () => createVendor(t.app)));
      const load = await CpuLoad.start();
      const results = [];
      try {
        for (const { token } of vendors) results.push(await burst(servers, token, 400));
      } finally {
        await load.stop();
      }
      expect(results).toEqual(Array(RUNS).fill({ admitted: SPEC_LIMIT, refused: 150, other: [] }));
      for (const { vendor } of vendors) expect(await countedInRedis(sharedRedisUrl(), prefix, vendor.id)).toBe(250);
    });
  });

  describeWithRedisServer('a Redis of its own', () => {
    const TIMEOUT_MS = 2000;
    const prefix = 'rate-limit:';
    let server: RedisServer;
    let t: TestApp;
    let warn: jest.SpyInstance;
    let log: jest.SpyInstance;
    const redisMessages = (spy: jest.SpyInstance): string[] =>
      spy.mock.calls.map(([message]: unknown[]) => String(message)).filter((message) => /Redis/.test(message));
    const readiness = async () => {
      const res = await request(t.http).get('/health/ready');
      expect(res.status).toBe(200);
      return res.body.data as { status: string; details: Record<string, Record<string, unknown>> };
    };

    beforeEach(async () => {
      server = await RedisServer.start();
      warn = jest.spyOn(Logger.prototype, 'warn');
      log = jest.spyOn(Logger.prototype, 'log');
      t = await listeningApp(
        withConfig(rateLimitConfig, { ...specLimit, redisUrl: server.url, redisTimeoutMs: TIMEOUT_MS }),
      );
    });
    afterEach(async () => {
      await t.close();
      await server.stop();
      warn.mockRestore();
      log.mockRestore();
    });

    it('waits for a slow answer (Redis busy with another client) and counts in Redis: slow is not down', async () => {
      const { vendor, token } = await createVendor(t.app);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(249);

      // Another client keeps Redis busy for 1 s: longer than the old 250 ms timeout, within this app's 2 s.
      const other = new Redis(server.url);
      await other.ping();
      const busy = other.eval(
        `local deadline = tonumber(redis.call('TIME')[1]) * 1e6 + tonumber(redis.call('TIME')[2]) + ARGV[1] * 1000
         repeat local now = redis.call('TIME') until tonumber(now[1]) * 1e6 + tonumber(now[2]) >= deadline
         return 1`,
        0,
        1000,
      );
      try {
        const slow = await probe(t, token).expect(200);
        expect(await busy).toBe(1);
        expect(rateHeaders(slow).remaining).toBe(248);
      } finally {
        other.disconnect();
      }
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(2);
      expect(redisMessages(warn)).toEqual([]);
    });

    it('does not take an answer that came while this instance was too busy to read it for a timeout', async () => {
      const { vendor, token } = await createVendor(t.app);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(249);

      // Right after the app sends the next hit, this process (the app's too) is kept busy past the timeout:
      // Redis answers at once, and the answer waits in the socket until the event loop is free again.
      const send = Redis.prototype.sendCommand;
      const spy = jest.spyOn(Redis.prototype, 'sendCommand').mockImplementation(function (this: Redis, command) {
        const sent = send.call(this, command);
        if (command.name === 'evalsha') {
          spy.mockRestore();
          keepBusy(TIMEOUT_MS + 500);
        }
        return sent;
      });
      try {
        expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(248);
      } finally {
        spy.mockRestore();
      }
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(2);
      expect(redisMessages(warn)).toEqual([]);
    });

    it('answers without waiting longer than the timeout for a Redis that hangs, and writes back what it counted meanwhile', async () => {
      const { vendor, token } = await createVendor(t.app);
      await repeat(3, () => probe(t, token).expect(200));
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(3);

      server.pause();
      try {
        // Answered while Redis is frozen: the first after the timeout, the rest at once; counted in memory.
        const duringHang = await repeat(5, () => probe(t, token), 1);
        expect(duringHang.map((res) => [res.status, rateHeaders(res).remaining])).toEqual(
          [249, 248, 247, 246, 245].map((remaining) => [200, remaining]),
        );
        expect((await readiness()).details.rateLimit).toMatchObject({ status: 'degraded', redis: 'down' });
        expect(redisMessages(warn)).toEqual([expect.stringContaining(`did not answer within ${TIMEOUT_MS} ms`)]);
      } finally {
        server.resume();
      }

      await waitUntil(async () => (await readiness()).details.rateLimit.redis === 'up');
      // The five counted in memory are in Redis now, at the times they were admitted.
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(8);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(241);
    });

    it('keeps answering when Redis goes away, says so in readiness, and writes the counts back once it is back', async () => {
      const { vendor, token } = await createVendor(t.app);
      await repeat(3, () => probe(t, token).expect(200));
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(3);
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
      expect(await scrapedValue(t.app, 'redis_degraded')).toBe(1);

      // Back empty (it kept nothing): what this instance counted meanwhile is written to it.
      await server.start();
      await waitUntil(async () => (await readiness()).details.rateLimit.redis === 'up');
      expect(await countedInRedis(server.url, prefix, vendor.id)).toBe(20);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(229);
      expect(await scrapedValue(t.app, 'redis_degraded')).toBe(0);
      expect(redisMessages(log).length).toBeGreaterThanOrEqual(2);
    });
  });
});
