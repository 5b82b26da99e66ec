import request from 'supertest';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { outboxSettled } from '../support/automation';
import { waitUntil } from '../support/net';
import type { Account } from '../support/own-database-app';
import { SHARED_SENDER, e164, text, useSmsTestBed } from '../support/sms-inbound';

jest.setTimeout(90_000);

/**
 * docs/contract.md#consent (CASL s. 11): every way a customer withdraws, through the routes a customer,
 * the SMS provider and a manager call, writes its withdrawal in the ledger and ends the bases it covers:
 * the vendor's for an unsubscribe link, every vendor's for a STOP, the provider's opt-out and an erasure.
 */
describe('Consent ledger: every withdrawal path (e2e)', () => {
  // Two pool numbers: two vendors text one phone, each from its own.
  const sms = useSmsTestBed('consent_withdrawal_paths', { SMS_FROM: `${SHARED_SENDER},+15005550007` });
  let seq = 0;
  const newPhone = () => `416-555-${String(4100 + ++seq)}`;
  const newEmail = () => `withdraws-${++seq}@customer.example`;
  const reviewer = () => sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });

  interface Line {
    id: number;
    vendorId: number | null;
    contact: string | null;
    kind: string;
    source: string;
    withdrawalId: number | null;
  }
  const ledgerOf = async (vendor: Account, query: { email?: string; phone?: string }): Promise<Line[]> =>
    (await request(sms.bed.t.http).get(`${V}/consents`).query(query).set(vendor.auth).expect(200)).body.data as Line[];
  const requestReview = async (vendor: Account, contact: { emailTo?: string; phone?: string }) =>
    (
      await request(sms.bed.t.http)
        .post(`${V}/review-requests`)
        .set(vendor.auth)
        .send({ firstName: 'Sam', ...contact })
        .expect(201)
    ).body.data as { id: number; processId: number };

  /** The ledger shows `source`'s withdrawal (of `vendorId`, null: every vendor) and the basis it ended. */
  const expectWithdrawn = (lines: Line[], source: string, vendorId: number | null) => {
    const withdrawal = lines.find((line) => line.kind === 'WITHDRAWAL');
    expect(withdrawal).toMatchObject({ source, vendorId });
    expect(lines.filter((line) => line.kind !== 'WITHDRAWAL')).toEqual([
      expect.objectContaining({ kind: 'PURCHASE', withdrawalId: withdrawal!.id }),
    ]);
  };

  it("the unsubscribe link on the customer's page: the vendor's bases end, another vendor's stay", async () => {
    const [vendor, other] = [await reviewer(), await reviewer()];
    const email = newEmail();
    const { processId } = await requestReview(vendor, { emailTo: email });
    await requestReview(other, { emailTo: email });
    const [{ token }] = await sms.bed.t.dataSource.query<{ token: string }[]>(
      'SELECT token FROM reputation_processes WHERE id = $1',
      [processId],
    );
    await request(sms.bed.t.http).post(`/r/${token}/unsubscribe`).type('form').send({}).expect(303);
    expectWithdrawn(await ledgerOf(vendor, { email }), 'unsubscribe_link', vendor.id);
    expect(await ledgerOf(other, { email })).toEqual([
      expect.objectContaining({ kind: 'PURCHASE', withdrawalId: null }),
    ]);
  });

  it("a STOP texted to the provider's webhook: every vendor's bases for the phone end", async () => {
    const [vendor, other] = [await reviewer(), await reviewer()];
    const phone = newPhone();
    await requestReview(vendor, { phone });
    await requestReview(other, { phone });
    await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);
    for (const account of [vendor, other]) expectWithdrawn(await ledgerOf(account, { phone }), 'sms_stop', null);
  });

  it("the provider's opt-out (error 21610) when a text leaves: every vendor's bases for the phone end", async () => {
    const [vendor, other] = [await reviewer(), await reviewer()];
    const phone = newPhone();
    await requestReview(other, { emailTo: newEmail(), phone });
    await waitUntil(() => outboxSettled(sms.bed.t.app, other.id));
    const answers = sms.stub.respond;
    sms.stub.respond = (req) =>
      req.form.To === e164(phone)
        ? { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient' } }
        : { status: 201, body: { sid: 'SM0001', status: 'queued' } };
    try {
      await requestReview(vendor, { phone });
      await waitUntil(async () => (await ledgerOf(vendor, { phone })).some((line) => line.kind === 'WITHDRAWAL'));
    } finally {
      sms.stub.respond = answers;
    }
    for (const account of [vendor, other]) expectWithdrawn(await ledgerOf(account, { phone }), 'carrier_opt_out', null);
  });

  it("an erasure through the manager's route: the bases go, the erasure's withdrawal is kept without the contact", async () => {
    const [vendor, other] = [await reviewer(), await reviewer()];
    const email = newEmail();
    await requestReview(vendor, { emailTo: email });
    await requestReview(other, { emailTo: email });
    const erased = await request(sms.bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(sms.bed.manager)
      .send({ email })
      .expect(200);
    expect(erased.body.data.consents).toBe(2);
    for (const account of [vendor, other]) expect(await ledgerOf(account, { email })).toEqual([]);
    const kept = await sms.bed.t.dataSource.query(
      `SELECT vendor_id AS "vendorId", contact, kind, source FROM consents
        WHERE source = 'erasure' AND contact_hash IS NOT NULL AND recorded_at > now() - interval '1 minute'`,
    );
    expect(kept).toEqual([{ vendorId: null, contact: null, kind: 'WITHDRAWAL', source: 'erasure' }]);
  });
});
