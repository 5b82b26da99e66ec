import request from 'supertest';
import { rateLimitConfig } from '../../src/config/rate-limit.config';
import { AccountWriteSlots } from '../../src/rate-limit/write-slot.interceptor';
import { bearer, createLead, createVendor } from '../support/factories';
import { LEADS } from '../support/leads-api';
import { waitUntil } from '../support/net';
import { TestApp, createTestApp, withConfig } from '../support/test-app';

/**
 * WRITES_IN_FLIGHT_PER_ACCOUNT (docs/operations.md#configuration): an account's writes beyond the bound
 * wait for one of its running writes to finish, while its reads and every other account go on. A
 * running write is held in PostgreSQL (the test locks the lead it decides), so nothing here depends on
 * how fast a request runs.
 */
describe('Write slots per account (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: [withConfig(rateLimitConfig, { writesInFlight: 1 })] });
  });
  afterAll(() => t.close());

  const accept = (token: string, id: number) =>
    request(t.http)
      .post(`${LEADS}/${id}/accept`)
      .set(bearer(token))
      .then((res) => res);
  const actionOf = async (id: number): Promise<string> => {
    const [lead]: { vendor_lead_action: string }[] = await t.dataSource.query(
      'SELECT vendor_lead_action FROM leads WHERE id = $1',
      [id],
    );
    return lead.vendor_lead_action;
  };

  it("holds an account's next write until its running one is done; its reads and other accounts go on", async () => {
    const [busy, other] = await Promise.all([createVendor(t.app), createVendor(t.app)]);
    const [held, queued, otherLead] = await Promise.all([
      createLead(t.app, busy.vendor.id),
      createLead(t.app, busy.vendor.id),
      createLead(t.app, other.vendor.id),
    ]);
    const slots = t.app.get(AccountWriteSlots);
    const account = `vendor:${busy.vendor.id}`;

    const lock = t.dataSource.createQueryRunner();
    await lock.startTransaction();
    try {
      await lock.query('SELECT 1 FROM leads WHERE id = $1 FOR UPDATE', [held.id]);
      const first = accept(busy.token, held.id);
      await waitUntil(() => Promise.resolve(slots.usage(account).running === 1));
      const second = accept(busy.token, queued.id);
      await waitUntil(() => Promise.resolve(slots.usage(account).waiting === 1));

      // The second waits for its turn, not for PostgreSQL: the lead it decides is not locked.
      expect(await actionOf(queued.id)).toBe('NONE');
      expect((await request(t.http).get(LEADS).set(bearer(busy.token))).status).toBe(200);
      const otherAccount = await accept(other.token, otherLead.id);
      expect(otherAccount.status).toBe(200);
      expect(slots.usage(account)).toEqual({ running: 1, waiting: 1 });

      await lock.commitTransaction();
      const answers = await Promise.all([first, second]);
      expect(
        answers.map((res) => [res.status, (res.body as { data: { vendorLeadAction: string } }).data.vendorLeadAction]),
      ).toEqual([
        [200, 'ACCEPT'],
        [200, 'ACCEPT'],
      ]);
    } finally {
      if (lock.isTransactionActive) await lock.rollbackTransaction();
      await lock.release();
    }
    expect(slots.keysInUse).toBe(0);
  });

  it('gives the slot back when the write fails', async () => {
    const { token } = await createVendor(t.app);
    const slots = t.app.get(AccountWriteSlots);
    const missing = await accept(token, 2_147_483_000);
    expect(missing.status).toBe(404);
    const refused = await request(t.http).post(`${LEADS}/not-a-number/accept`).set(bearer(token));
    expect(refused.status).toBe(400);
    expect(slots.keysInUse).toBe(0);
  });
});
