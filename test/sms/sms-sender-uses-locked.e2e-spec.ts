import { Client } from 'pg';
import { LockSpace } from '../../src/database/advisory-locks';
import { NOTIFICATION_SQL } from '../../src/notifications/notifications.sql';
import { queryConfig } from '../../src/database/statement';
import { createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * A text's pool number is chosen from the phone's numbers read under the phone's lock, in one round
 * trip: the read must see what the lock's previous holder committed, or two vendors could take one
 * number for the phone (docs/contract.md#sms-replies).
 */
describe('A phone’s pool numbers read under its lock (e2e)', () => {
  let t: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 2; i++) {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      clients.push(client);
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await t.close();
  });

  it('waits for the holder of the phone’s lock and then sees the number it recorded', async () => {
    const [first, second] = clients;
    const { vendor } = await createVendor(t.app);
    const phone = '416-555-0142';
    const usesOf = (client: Client) => client.query(queryConfig(NOTIFICATION_SQL.senderUsesLocked.bind({ phone })));

    await first.query('BEGIN');
    expect((await usesOf(first)).rows).toEqual([]);
    await first.query(
      `INSERT INTO sms_sender_pairs (phone, vendor_id, sender, last_used_at) VALUES ($1, $2, '+15005550001', now())`,
      [phone, vendor.id],
    );

    await second.query('BEGIN');
    const secondRead = usesOf(second);
    await waitUntil(async () => {
      const { rows } = await first.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND NOT granted`,
        [LockSpace.SmsSenderPairs],
      );
      return rows[0].waiting === 1;
    }, 10_000);
    await first.query('COMMIT');

    const { rows } = await secondRead;
    await second.query('ROLLBACK');
    expect(rows).toEqual([{ vendorId: vendor.id, sender: '+15005550001', lastUsedAt: expect.any(Date) }]);
  });
});
