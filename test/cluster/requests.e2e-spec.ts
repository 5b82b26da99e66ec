import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MIGRATIONS } from '../../migrations';
import { LockSpace } from '../../src/database/advisory-locks';
import { BuiltServer } from '../support/built-server';
import { waitUntil } from '../support/net';
import { bearer } from '../support/factories';
import { SPEC_LIMIT, burst } from '../support/rate-limit-burst';
import { Cluster } from '../support/cluster';
import { MANAGER_API, VENDOR_API } from '../support/api-paths';
import { describeWithRedis } from '../support/redis-server';

// Two built servers booting together on a machine other test runs share.
jest.setTimeout(180_000);

const REVOKED = 'The API key was revoked; use another key.';

/**
 * Two instances, A and B, started together on an empty database: what one of them is told holds on
 * the other at once (docs/contract.md#authentication, #rate-limit and #idempotency), as behind a load balancer.
 */
describeWithRedis('Requests across two instances (e2e)', () => {
  const cluster = new Cluster('cluster_requests');
  let a: BuiltServer;
  let b: BuiltServer;

  beforeAll(async () => {
    await cluster.start();
    ({ a, b } = cluster);
  });
  afterAll(() => cluster.stop());

  const leads = (server: BuiltServer, token: string) =>
    request(server.url).get(`${VENDOR_API}/general-leads/filter-counts`).set(bearer(token));

  it('migrates an empty database once when both reach the migration lock together: both ready, each migration recorded once', async () => {
    const { rows } = await cluster.db.query<{ name: string; times: number }>(
      'SELECT name, count(*)::int AS times FROM migrations GROUP BY name ORDER BY name',
    );
    expect(rows).toHaveLength(MIGRATIONS.length);
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
    for (const server of [a, b]) expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
  });

  it('refuses on B, at the very next request, a vendor token replaced through A; the new one works on both', async () => {
    const vendor = await cluster.createVendor(a);
    // B has served the old token many times: nothing it kept may let the token through afterwards.
    for (let i = 0; i < 5; i++) await leads(b, vendor.token).expect(200);

    const reissued = await request(a.url).post(`${MANAGER_API}/vendors/${vendor.id}/api-token`).set(cluster.manager);
    expect(reissued.status).toBe(201);
    const refused = await leads(b, vendor.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, error: REVOKED });
    await leads(a, vendor.token).expect(401);
    for (const server of [b, a]) await leads(server, reissued.body.data.token as string).expect(200);
  });

  it('refuses on B a vendor deactivated through A, and lets it in on A once B reactivates it', async () => {
    const vendor = await cluster.createVendor(a);
    await leads(b, vendor.token).expect(200);

    const vendorUrl = `${MANAGER_API}/vendors/${vendor.id}`;
    await request(a.url).patch(vendorUrl).set(cluster.manager).send({ activated: false }).expect(200);
    const refused = await leads(b, vendor.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: 'The vendor account is deactivated.' });

    await request(b.url).patch(vendorUrl).set(cluster.manager).send({ activated: true }).expect(200);
    await leads(a, vendor.token).expect(200);
  });

  it('refuses on A and B a manager token replaced by the CLI', async () => {
    const email = `admin-${randomUUID()}@cluster.test`;
    const old = bearer(await cluster.cli(['create-admin', '--email', email, '--name', 'Second Admin']));
    for (const server of [a, b]) await request(server.url).get(`${MANAGER_API}/vendors`).set(old).expect(200);

    const renewed = bearer(await cluster.cli(['manager-token', '--email', email]));
    for (const server of [a, b]) {
      const refused = await request(server.url).get(`${MANAGER_API}/vendors`).set(old);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ success: false, error: REVOKED });
      await request(server.url).get(`${MANAGER_API}/vendors`).set(renewed).expect(200);
    }
  });

  it('refuses on B, at the very next request, keys revoked, expired or rolled past through A, saying which', async () => {
    const vendor = await cluster.createVendor(a);
    const keysUrl = `${MANAGER_API}/vendors/${vendor.id}/api-keys`;
    const create = async (name: string) =>
      (
        await request(a.url)
          .post(keysUrl)
          .set(cluster.manager)
          .send({ name, scopes: ['leads:read'] })
          .expect(201)
      ).body.data as { id: string; token: string };
    const [revoked, expiring, rolled] = [await create('revoked'), await create('expiring'), await create('rolled')];
    for (const key of [revoked, expiring, rolled])
      for (const server of [a, b]) await leads(server, key.token).expect(200);

    await request(a.url).delete(`${keysUrl}/${revoked.id}`).set(cluster.manager).expect(200);
    const roll = await request(a.url)
      .post(`${VENDOR_API}/api-keys/${rolled.id}/roll`)
      .set(bearer(vendor.token))
      .send({});
    expect(roll.status).toBe(201);
    const successor = roll.body.data.token as string;
    // Both secrets work meanwhile, on both instances.
    for (const server of [b, a]) for (const token of [rolled.token, successor]) await leads(server, token).expect(200);
    // The built servers keep real time: their keys' ends are moved to the database's present instead.
    await cluster.db.query('UPDATE api_keys SET expires_at = now() WHERE id = ANY($1::uuid[])', [
      [expiring.id, rolled.id],
    ]);

    for (const server of [b, a]) {
      expect((await leads(server, revoked.token)).body).toEqual({ success: false, error: REVOKED });
      const expired = await leads(server, expiring.token);
      expect([expired.status, expired.body.error]).toEqual([401, expect.stringMatching(/^The API key expired at /)]);
      const rolledPast = await leads(server, rolled.token);
      expect([rolledPast.status, rolledPast.body.error]).toEqual([
        401,
        expect.stringMatching(/^The API key was rolled/),
      ]);
      await leads(server, successor).expect(200);
    }
  });

  it('admits exactly the limit of a burst split across A and B: the counters are shared', async () => {
    const vendor = await cluster.createVendor(b);
    expect(await burst([a, b], vendor.token, 300)).toEqual({ admitted: SPEC_LIMIT, refused: 50, other: [] });
    // One budget for the vendor, whichever instance answers next.
    for (const server of [a, b]) expect((await leads(server, vendor.token)).status).toBe(429);
  });

  describe('Idempotency-Key', () => {
    const lead = {
      category: 'Deck',
      customerName: 'Jane',
      projectDetailsHtml: '<p>Deck</p>',
      originalJobDescription: 'A deck.',
    };
    const assign = (server: BuiltServer, vendorId: number, key: string) =>
      request(server.url)
        .post(`${MANAGER_API}/vendors/${vendorId}/leads`)
        .set({ ...cluster.manager, 'Idempotency-Key': key })
        .send(lead);
    const leadsOf = (vendorId: number) => cluster.count('leads WHERE vendor_id = $1', [vendorId]);

    it('replays on B the answer A gave to a key, creating nothing more', async () => {
      const vendor = await cluster.createVendor(a);
      const key = randomUUID();
      const first = await assign(a, vendor.id, key);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();

      const replay = await assign(b, vendor.id, key);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await leadsOf(vendor.id)).toBe(1);
    });

    it('creates once when A and B get the same key at the same moment', async () => {
      const vendor = await cluster.createVendor(a);
      const key = randomUUID();
      const answers = await Promise.all([assign(a, vendor.id, key), assign(b, vendor.id, key)]);
      const created = answers.filter((res) => res.status === 201 && !res.headers['idempotent-replayed']);
      expect(created).toHaveLength(1);
      // The other one either waited for the first and replays it, or found it running (409).
      const other = answers.find((res) => res !== created[0])!;
      if (other.status === 201) expect(other.body).toEqual(created[0].body);
      else expect(other.status).toBe(409);
      expect(await leadsOf(vendor.id)).toBe(1);
    });

    /** Sessions holding an Idempotency-Key (LockSpace.IdempotencyKey, the two-key form) in this database. */
    const keyHolds = () =>
      cluster.count(
        `pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2 AND granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [LockSpace.IdempotencyKey],
      );

    // Last: A stays dead.
    it('serves on B a retry of a request whose instance was killed while it held the key, once PostgreSQL ended its session', async () => {
      const vendor = await cluster.createVendor(b);
      const key = randomUUID();
      // The vendor's row locked by the test: A's lead insert waits for it (its foreign key check), key held.
      const blocker = await cluster.db.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM vendors WHERE id = $1 FOR UPDATE', [vendor.id]);
        const onA = assign(a, vendor.id, key).then(
          () => 'answered',
          () => 'cut off',
        );
        await waitUntil(async () => (await keyHolds()) === 1, 30_000);
        const whileHeld = await assign(b, vendor.id, key);
        expect(whileHeld.status).toBe(409);
        expect(whileHeld.body.error).toMatch(/still being processed/);

        expect(await a.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
        expect(await onA).toBe('cut off');
      } finally {
        await blocker.query('ROLLBACK');
        blocker.release();
      }
      // A's session ends as soon as its statement finds its client gone: the hold ends with it.
      await waitUntil(async () => (await keyHolds()) === 0, 30_000);
      const retry = await assign(b, vendor.id, key);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await leadsOf(vendor.id)).toBe(1);
      expect((await assign(b, vendor.id, key)).headers['idempotent-replayed']).toBe('true');
    });
  });
});
