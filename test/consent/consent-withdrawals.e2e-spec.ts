import request from 'supertest';
import { CustomerDataService } from '../../src/customer-data/customer-data.service';
import { PhoneOptOuts } from '../../src/reputation/phone-opt-outs';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import { M, T0, V, daysAfter, useConsentLedger } from '../support/consent-ledger';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** docs/contract.md#consent (CASL ss. 6, 10, 13): withdrawals, and data rights. */
describe('Consent ledger (e2e)', () => {
  const { state, vendor, email, reviewRequest, ledgerOf, moveClock } = useConsentLedger('consent_withdrawals');
  let t: TestApp;
  let manager: Record<string, string>;
  beforeAll(() => {
    ({ t, manager } = state);
  });

  describe('withdrawals end the bases they cover', () => {
    it('the unsubscribe link: the vendor’s bases end, another vendor’s stay', async () => {
      const { vendor: v, auth } = await vendor();
      const other = await vendor();
      const contact = email();
      const created = await reviewRequest(auth, { emailTo: contact }).expect(201);
      await reviewRequest(other.auth, { emailTo: contact }).expect(201);
      moveClock(daysAfter(T0, 1));
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        `SELECT token FROM reputation_processes WHERE id = $1`,
        [created.body.data.processId],
      );
      await t.app.get(ReputationProcessService).optOut(token);
      const [withdrawal, basis] = await ledgerOf(auth, contact);
      expect(withdrawal).toMatchObject({ kind: 'WITHDRAWAL', source: 'unsubscribe_link', vendorId: v.id });
      expect(basis).toMatchObject({ kind: 'PURCHASE', endsAt: daysAfter(T0, 1), withdrawalId: withdrawal.id });
      expect(await ledgerOf(other.auth, contact)).toEqual([
        expect.objectContaining({ kind: 'PURCHASE', withdrawalId: null }),
      ]);
    });

    it("a STOP texted: every vendor's bases for the phone end", async () => {
      const { auth } = await vendor();
      const other = await vendor();
      const phone = '416-555-0177';
      await reviewRequest(auth, { phone }).expect(201);
      await reviewRequest(other.auth, { phone }).expect(201);
      moveClock(daysAfter(T0, 1));
      await t.app.get(PhoneOptOuts).optOut(phone, 'sms');
      for (const account of [auth, other.auth]) {
        const lines = (await request(t.http).get(`${V}/consents`).query({ phone }).set(account).expect(200)).body.data;
        expect(lines).toEqual([
          expect.objectContaining({ kind: 'WITHDRAWAL', source: 'sms_stop', vendorId: null }),
          expect.objectContaining({ kind: 'PURCHASE', endsAt: daysAfter(T0, 1), withdrawalId: lines[0].id }),
        ]);
      }
    });

    it('an erasure: the export shows the ledger; afterwards only the proof that withdrawals were honoured is kept', async () => {
      const { vendor: v, auth } = await vendor();
      const contact = email();
      const created = await reviewRequest(auth, {
        emailTo: contact,
        consent: { basis: 'PURCHASE', at: T0, evidence: 'Invoice 9' },
      });
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        `SELECT token FROM reputation_processes WHERE id = $1`,
        [created.body.data.processId],
      );
      await t.app.get(ReputationProcessService).optOut(token);
      const exported = await request(t.http)
        .post(`${M}/customer-data/export`)
        .set(manager)
        .send({ email: contact })
        .expect(200);
      expect(exported.body.data.consents.map((line: { kind: string }) => line.kind)).toEqual([
        'PURCHASE',
        'WITHDRAWAL',
      ]);

      const erased = await t.app.get(CustomerDataService).erase({ email: contact, phone: null }, true);
      expect(erased.consents).toBe(2);
      const kept = await t.dataSource.query<Record<string, unknown>[]>(
        `SELECT vendor_id AS "vendorId", contact, contact_hash IS NOT NULL AS "hashed", kind, source, evidence
           FROM consents WHERE vendor_id = $1 OR (vendor_id IS NULL AND source = 'erasure') ORDER BY id`,
        [v.id],
      );
      expect(kept).toEqual(
        expect.arrayContaining([
          {
            vendorId: v.id,
            contact: null,
            hashed: true,
            kind: 'WITHDRAWAL',
            source: 'unsubscribe_link',
            evidence: { honoured: true },
          },
          {
            vendorId: null,
            contact: null,
            hashed: true,
            kind: 'WITHDRAWAL',
            source: 'erasure',
            evidence: { honoured: true },
          },
        ]),
      );
      expect(kept.filter((line) => line.vendorId === v.id)).toHaveLength(1);
      expect(await ledgerOf(auth, contact)).toEqual([]);
    });
  });
});
