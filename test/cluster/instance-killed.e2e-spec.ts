import { Cluster, INSTANCES, sentThrough } from '../support/cluster';
import { eventually } from '../support/notification-harness';
import { describeWithRedis } from '../support/redis-server';

jest.setTimeout(180_000);

const CUSTOMERS = 12;
const [A, B] = INSTANCES;

/**
 * Instance A killed (SIGKILL: no shutdown hook runs) while it is delivering: its claims are left
 * behind, and B delivers every one of them once their lease (15 s here, NOTIFY_LEASE_MS and
 * WEBHOOK_LEASE_MS, instead of 5 min and 1 min) runs out.
 */
describeWithRedis('An instance killed mid-delivery (e2e)', () => {
  // Two deliveries in flight per instance at most, so a receiver holding three knows one is A's. The
  // shortest leases that leave B's attempts time enough on a loaded machine (leases are 3 timeouts).
  const cluster = new Cluster('cluster_killed', {
    NOTIFY_CONCURRENCY: '2',
    NOTIFY_SEND_TIMEOUT_MS: '5000',
    NOTIFY_LEASE_MS: '15000',
    WEBHOOK_CONCURRENCY: '2',
    WEBHOOK_ENDPOINT_CONCURRENCY: '2',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_LEASE_MS: '15000',
  });

  beforeAll(() => cluster.start());
  afterAll(() => cluster.stop());

  it('loses nothing: B sends every message and webhook A was delivering when it died', async () => {
    const { sink, sms } = cluster.harness;
    const vendor = await cluster.reviewingVendor(cluster.a);
    // Slow receivers: A's messages are never answered; every webhook waits until A is dead.
    const heldFromA: string[] = [];
    sink.onData = (to, from) => (from === A.mailFrom ? (heldFromA.push(...to), { hold: true }) : undefined);
    const answer = sms.respond;
    sms.respond = (text) =>
      sentThrough(text, A) ? (heldFromA.push(text.form.To), new Promise(() => undefined)) : answer(text);
    let release!: () => void;
    const aDead = new Promise<void>((resolve) => (release = resolve));
    cluster.receiver.answer = () => aDead.then(() => 200);

    // Queued through A, whose worker is woken by its own commits and claims at once.
    const customers = await cluster.requestReviews(vendor, [cluster.a], CUSTOMERS);
    await eventually(
      () => heldFromA.length >= 1 && cluster.receiver.pending >= 3,
      'A in the middle of deliveries',
      30_000,
    );
    expect(await cluster.a.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    release();

    await eventually(() => cluster.settled(vendor, 2 * CUSTOMERS), 'B finishing every delivery', 60_000);
    // Each customer got each message once, from B: what A held never arrived, and B sent it again.
    for (const { email, e164 } of customers) {
      expect(sink.to(email).map((mail) => mail.parsed.from?.value[0].address)).toEqual([B.mailFrom]);
      expect(sms.messagesTo(e164).map((text) => sentThrough(text, B))).toEqual([true]);
    }
    const retried = (table: string, owner: string, id: number) =>
      cluster.count(`${table} WHERE ${owner} = $1 AND attempts > 1`, [id]);
    expect(await retried('notification_outbox', 'vendor_id', vendor.id)).toBeGreaterThanOrEqual(heldFromA.length);
    expect(await retried('webhook_deliveries', 'endpoint_id', vendor.endpoint.id)).toBeGreaterThanOrEqual(1);
    // Every event reached the endpoint (a receiver tells repeats by webhook-id).
    const ids = new Set(cluster.receiver.at(vendor.endpoint.path).map((hook) => hook.headers['webhook-id']));
    expect(ids.size).toBe(CUSTOMERS);
  });
});
