import { Cluster, type Customer, INSTANCES, type ReviewingVendor } from '../support/cluster';
import { eventually } from '../support/notification-harness';
import { verified } from '../support/webhook-receiver';
import { describeWithRedis } from '../support/redis-server';

jest.setTimeout(180_000);

const CUSTOMERS = 30;

/**
 * Both instances' workers and automation passes running on one outbox: each message, webhook and
 * reminder reaches its receiver once, counted at the receivers (docs/contract.md#events-webhooks and #automation).
 */
describeWithRedis('Deliveries with two instances (e2e)', () => {
  // Nothing dies here: attempts get time enough not to fail on a loaded machine (and long leases).
  const cluster = new Cluster('cluster_deliveries', {
    NOTIFY_CONCURRENCY: '4',
    NOTIFY_SEND_TIMEOUT_MS: '10000',
    NOTIFY_LEASE_MS: '30000',
    WEBHOOK_TIMEOUT_MS: '10000',
    WEBHOOK_LEASE_MS: '30000',
    AUTOMATION_INTERVAL_MS: '200',
  });
  let vendor: ReviewingVendor;
  let customers: Customer[];

  beforeAll(async () => {
    await cluster.start();
    vendor = await cluster.reviewingVendor(cluster.a);
  });
  afterAll(() => cluster.stop());

  const sink = () => cluster.harness.sink;
  const sms = () => cluster.harness.sms;

  it(`sends each of ${CUSTOMERS} review requests' e-mail, SMS and webhook exactly once`, async () => {
    customers = await cluster.requestReviews(vendor, [cluster.a, cluster.b], CUSTOMERS);
    await eventually(() => cluster.settled(vendor, 2 * CUSTOMERS), 'every message and delivery settled', 60_000);

    for (const { email, e164 } of customers) {
      expect(
        sink()
          .to(email)
          .map((mail) => mail.parsed.subject),
      ).toEqual([expect.stringMatching(/^Would you review/)]);
      // Every request the provider got, repeats included: one.
      expect(sms().to(e164)).toHaveLength(1);
    }
    const hooks = cluster.receiver.at(vendor.endpoint.path);
    expect(hooks).toHaveLength(CUSTOMERS);
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(CUSTOMERS);
    for (const hook of hooks) {
      expect(verified(vendor.endpoint.secret, hook)).toMatchObject({ type: 'review_request.created' });
    }
    // Both instances delivered some: the work was shared, not left to one.
    expect(new Set(sink().received.map((mail) => mail.parsed.from?.value[0].address))).toEqual(
      new Set(INSTANCES.map((instance) => instance.mailFrom)),
    );
    expect(new Set(sms().messages.map((text) => text.form.From))).toEqual(
      new Set(INSTANCES.map((instance) => instance.smsFrom)),
    );
    // Claimed once each: no message or delivery was attempted twice (the error says why one was).
    const repeated = await cluster.db.query(
      `SELECT 'message' AS kind, attempts, last_error FROM notification_outbox WHERE vendor_id = $1 AND attempts > 1
       UNION ALL
       SELECT 'webhook', attempts, last_error FROM webhook_deliveries WHERE endpoint_id = $2 AND attempts > 1`,
      [vendor.id, vendor.endpoint.id],
    );
    expect(repeated.rows).toEqual([]);
  });

  it('sends each silent customer one reminder, by e-mail and SMS, when it falls due with both passes running', async () => {
    // Three days pass for the reminders: they fall due now.
    await cluster.db.query(`UPDATE process_reminders SET due_at = now() - interval '1 minute' WHERE vendor_id = $1`, [
      vendor.id,
    ]);
    await eventually(() => cluster.settled(vendor, 4 * CUSTOMERS), 'every reminder sent', 60_000);
    expect(await cluster.count(`process_reminders WHERE vendor_id = $1 AND outcome = 'SENT'`, [vendor.id])).toBe(
      CUSTOMERS,
    );

    for (const { email, e164 } of customers) {
      expect(
        sink()
          .to(email)
          .map((mail) => mail.parsed.subject),
      ).toEqual([
        expect.stringMatching(/^Would you review/),
        expect.stringMatching(/^A quick reminder: would you review/),
      ]);
      expect(sms().to(e164)).toHaveLength(2);
    }
    // No delivery was repeated meanwhile.
    expect(cluster.receiver.at(vendor.endpoint.path)).toHaveLength(CUSTOMERS);
  });
});
