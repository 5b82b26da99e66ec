import { Client } from 'pg';
import request from 'supertest';
import { VENDOR_API as V } from '../support/api-paths';
import { waitUntil } from '../support/net';
import { OwnDatabaseApp } from '../support/own-database-app';
import { databaseUrl } from '../support/test-database';

/**
 * A worker records a failed attempt as the delivery's row and then its endpoint's run of failures, in
 * one transaction. Removing the endpoint meanwhile must wait for it, not deadlock against it (a `500`).
 */
describe('Removing a webhook endpoint while a worker records an attempt (e2e)', () => {
  let bed: OwnDatabaseApp;
  let worker: Client;

  beforeAll(async () => {
    // The test plays the worker, so that its two row locks are taken at known moments.
    bed = await OwnDatabaseApp.start('endpoint_removal', { WEBHOOK_WORKER_ENABLED: 'false' });
    worker = new Client({ connectionString: databaseUrl(`${process.env.E2E_DATABASE_NAME}_endpoint_removal`) });
    await worker.connect();
  });
  afterAll(async () => {
    await worker?.end();
    await bed?.close();
  });

  it('waits for the attempt and removes the endpoint with its deliveries (200)', async () => {
    const vendor = await bed.vendor();
    const endpoint = await bed.register(V, vendor.auth, '/removed');
    const {
      rows: [delivery],
    } = await worker.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
       VALUES ($1, 'evt_1', 'lead.assigned', '{}') RETURNING id`,
      [endpoint.id],
    );
    await worker.query('BEGIN');
    await worker.query(`UPDATE webhook_deliveries SET attempts = attempts + 1 WHERE id = $1`, [delivery.id]);

    const removal = request(bed.t.http).delete(`${V}/webhook-endpoints/${endpoint.id}`).set(vendor.auth).then();
    // The removal is waiting on a lock before the worker takes its second one.
    await waitUntil(async () => {
      const { rows } = await worker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return rows[0].n === 1;
    });
    await worker.query(`UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = $1`, [
      endpoint.id,
    ]);
    await worker.query('COMMIT');

    const removed = await removal;
    expect([removed.status, removed.body]).toEqual([200, { success: true, data: true }]);
    const { rows } = await worker.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
    expect(rows).toEqual([]);
  });
});
