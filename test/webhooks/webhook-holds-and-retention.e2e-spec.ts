import request from 'supertest';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { createLead } from '../support/factories';
import { waitUntil } from '../support/net';
import { OwnDatabaseApp, ofType } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { verified } from '../support/webhook-receiver';

jest.setTimeout(60_000);

let bed: OwnDatabaseApp;
beforeAll(async () => {
  bed = await OwnDatabaseApp.start('wh_holds');
});
afterAll(() => bed?.close());

interface DeliveryRow {
  status: string;
  attempts: number;
}

const deliveriesTo = (endpointId: number): Promise<DeliveryRow[]> =>
  bed.t.dataSource.query(
    'SELECT status, attempts FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type <> $2 ORDER BY id',
    [endpointId, 'ping'],
  );

const setActivated = (vendorId: number, activated: boolean) =>
  request(bed.t.http).patch(`${M}/vendors/${vendorId}`).set(bed.manager).send({ activated }).expect(200);

describe('A deactivated vendor’s webhook deliveries (e2e)', () => {
  it('are held, neither sent nor counted as failures, while managers’ endpoints still hear; they go out on reactivation', async () => {
    const vendor = await bed.vendor();
    const own = await bed.register(V, vendor.auth, '/held');
    await bed.register(M, bed.manager, '/everyone');
    await setActivated(vendor.id, false);
    expect((await request(bed.t.http).get(`${V}/webhook-endpoints`).set(vendor.auth)).status).toBe(403);

    const lead = await createLead(bed.t.app, vendor.id);
    // A manager's endpoint hears the vendor's event; the vendor's delivery, queued by the same
    // transaction and due as early, was never claimed.
    await waitUntil(() => Promise.resolve(ofType(bed.receiver.at('/everyone'), 'lead.assigned').length > 0));
    const heard = ofType(bed.receiver.at('/everyone'), 'lead.assigned');
    expect(heard.map((r) => (r.event.data as { id: number }).id)).toEqual([lead.id]);
    expect(await deliveriesTo(own.id)).toEqual([{ status: 'PENDING', attempts: 0 }]);
    expect(bed.receiver.at('/held')).toEqual([]);
    const [endpoint] = await bed.t.dataSource.query(
      'SELECT enabled, consecutive_failures AS "failures" FROM webhook_endpoints WHERE id = $1',
      [own.id],
    );
    expect(endpoint).toEqual({ enabled: true, failures: 0 });

    // Events that happen while deactivated are queued too, and delivered on reactivation.
    const second = await createLead(bed.t.app, vendor.id);
    await setActivated(vendor.id, true);
    const delivered = await bed.receivedAt('/held', 2);
    const ids = delivered.map((r) => (r.event.data as { id: number }).id);
    expect(ids.sort((a, b) => a - b)).toEqual([lead.id, second.id]);
    for (const delivery of delivered) expect(verified(own.secret, delivery)).toBeDefined();
  });
});

describe('Webhook delivery retention (e2e)', () => {
  it('removes every finished delivery past the window, in batches, however many older ones are still PENDING', async () => {
    const vendor = await bed.vendor();
    // A disabled endpoint's backlog: the oldest deliveries of the table, PENDING for good.
    const endpoint = await bed.register(V, vendor.auth, '/disabled', ['ping']);
    await bed.t.dataSource.query('UPDATE webhook_endpoints SET enabled = false WHERE id = $1', [endpoint.id]);
    const insert = (status: string, days: number, count: number) =>
      bed.t.dataSource.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, status, created_at)
         SELECT $1, 'evt_' || n, 'lead.assigned', '{}', $2::webhook_delivery_status, now() - make_interval(days => $3)
           FROM generate_series(1, $4) AS n`,
        [endpoint.id, status, days, count],
      );
    await insert('PENDING', 40, 5);
    await insert('SUCCEEDED', 35, 3);
    await insert('FAILED', 31, 2);
    await insert('SUCCEEDED', 1, 2);

    // Batches of 2, as the retention pass runs them (of 1,000) until one comes back short.
    const cutoff = new Date(Date.now() - 30 * 86_400_000);
    const batches: number[] = [];
    do batches.push(await bed.t.app.get(WebhooksService).removeFinished(cutoff, 2));
    while (batches[batches.length - 1] === 2);
    expect(batches).toEqual([2, 2, 1]);
    const left: { status: string; count: number }[] = await bed.t.dataSource.query(
      `SELECT status, count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1
        GROUP BY status ORDER BY status`,
      [endpoint.id],
    );
    expect(left).toEqual([
      { status: 'PENDING', count: 5 },
      { status: 'SUCCEEDED', count: 2 },
    ]);
  });
});
