import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuthService } from '../../src/auth/auth.service';
import { VendorsService } from '../../src/vendors/vendors.service';
import { appConfig } from '../../src/config/app.config';
import { rateLimitConfig } from '../../src/config/rate-limit.config';
import { bearer, createAdmin, createVendor } from '../support/factories';
import {
  type HeldClock,
  SHORT,
  SPEC,
  WINDOW_SECONDS,
  expectRefused,
  holdClock,
  listeningApp,
  probe,
  rateHeaders,
  repeat,
  shortWindow,
  specLimit,
} from '../support/rate-limit';
import { type TestApp, withConfig } from '../support/test-app';

// Hundreds of requests, on a machine other test runs share.
jest.setTimeout(30_000);

describe('Rate limit (e2e)', () => {
  describe("with the spec's limit, in memory", () => {
    let t: TestApp;
    let clock: HeldClock;
    beforeAll(async () => {
      t = await listeningApp(withConfig(rateLimitConfig, specLimit));
      clock = holdClock(t);
    });
    afterAll(async () => {
      clock.release();
      await t.close();
    });

    it('admits exactly 250 requests of a vendor, refuses the 251st with Retry-After, and leaves other accounts and IPs alone', async () => {
      const { token } = await createVendor(t.app);
      const first = await probe(t, token);
      expect(first.status).toBe(200);
      expect(rateHeaders(first)).toEqual({ limit: 250, remaining: 249, reset: WINDOW_SECONDS });

      const rest = await repeat(249, () => probe(t, token));
      expect(rest.filter((res) => res.status === 200)).toHaveLength(249);
      // Each admitted request was counted once, concurrency notwithstanding.
      const remaining = rest.map((res) => rateHeaders(res).remaining).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 249 }, (_, i) => i));

      // The first request leaves the window 300 s after it was counted, and not before.
      expect(expectRefused(await probe(t, token), SPEC)).toBe(WINDOW_SECONDS);
      clock.advance(299_000);
      // Refused requests are not counted, so retrying does not push the reopening later.
      expect(expectRefused(await probe(t, token), SPEC)).toBe(1);
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

    it('keeps one budget per account: a reissued token continues the count, and the revoked token never spends it', async () => {
      const auth = t.app.get(AuthService);
      const { vendor, token: first } = await createVendor(t.app);
      expect(rateHeaders(await probe(t, first).expect(200)).remaining).toBe(249);
      const second = await t.app.get(VendorsService).issueToken(vendor.id, 'cli');
      expect(rateHeaders(await probe(t, second).expect(200)).remaining).toBe(248);
      // Validly signed but revoked: counted against the caller's IP, like no token (docs/modules/rate-limit.md).
      const revoked = await probe(t, first);
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({ success: false, error: expect.stringMatching(/revoked/) });
      expect(rateHeaders(await probe(t, second).expect(200)).remaining).toBe(247);

      const { manager, token: managerFirst } = await createAdmin(t.app);
      const features = `/rest-manager-api-v1/vendors/${vendor.id}/features`;
      const asManager = (token: string) => request(t.http).get(features).set(bearer(token));
      expect(rateHeaders(await asManager(managerFirst).expect(200)).remaining).toBe(249);
      const managerSecond = await auth.issueManagerTokenByEmail(manager.email);
      expect(rateHeaders(await asManager(managerSecond).expect(200)).remaining).toBe(248);
    });

    // Last in its block: it spends this client IP's budget.
    it('leaves the account answering its new token after 255 requests with a revoked one, which the IP limit refuses', async () => {
      const { vendor, token: leaked } = await createVendor(t.app);
      const rotated = await t.app.get(VendorsService).issueToken(vendor.id, 'cli');
      const replies = await repeat(255, () => probe(t, leaked));
      expect(new Set(replies.map((res) => res.status))).toEqual(new Set([401, 429]));
      const answer = await probe(t, rotated);
      expect(answer.status).toBe(200);
      expect(rateHeaders(answer).remaining).toBe(249);
    });
  });

  describe('with a short window', () => {
    let t: TestApp;
    let clock: HeldClock;
    beforeAll(async () => {
      t = await listeningApp(shortWindow);
    });
    beforeEach(() => (clock = holdClock(t)));
    afterEach(() => clock.release());
    afterAll(() => t.close());

    it('reopens as the window slides: one slot as each counted request leaves it', async () => {
      const { token } = await createVendor(t.app);
      expect(rateHeaders(await probe(t, token).expect(200))).toEqual({ limit: 3, remaining: 2, reset: 8 });
      clock.advance(4_000);
      await probe(t, token).expect(200);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(0);
      // The first request leaves the window 4 s from now, the next two 8 s from now.
      expect(expectRefused(await probe(t, token), SHORT)).toBe(4);
      clock.advance(3_999);
      expect(expectRefused(await probe(t, token), SHORT)).toBe(1);

      clock.advance(1);
      expect(rateHeaders(await probe(t, token).expect(200)).remaining).toBe(0);
      // The two later requests are still in the window (a fixed window would have reopened fully).
      expect(expectRefused(await probe(t, token), SHORT)).toBe(4);
    });

    it('refuses a vendor that has spent its budget, whatever new token it gets', async () => {
      const { vendor, token } = await createVendor(t.app);
      await repeat(3, () => probe(t, token).expect(200));
      const vendors = t.app.get(VendorsService);
      for (let reissue = 0; reissue < 3; reissue++) {
        expectRefused(await probe(t, await vendors.issueToken(vendor.id, 'cli')), SHORT);
      }
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
});
