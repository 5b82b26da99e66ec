import request from 'supertest';
import { e164, text, useSmsTestBed } from '../support/sms-inbound';
import { MANAGER_API as M } from '../support/api-paths';

jest.setTimeout(60_000);

const sms = useSmsTestBed('sms_customer_data');

interface Export {
  messages: { direction: string; from: string | null; body: string; status: string; vendorId: number | null }[];
  optOuts: { vendorId: number | null; contact: string; source: string }[];
}

describe('A person’s texts in their data rights (e2e)', () => {
  it('are listed in the export with the opt-out they texted, and erased with the person', async () => {
    const phone = '416-555-4001';
    await text(sms.bed.t.http, e164(phone), 'Is this my contractor?').expect(200);
    await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);

    const exported = await request(sms.bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(sms.bed.manager)
      .send({ phone });
    expect(exported.status).toBe(200);
    const data = (exported.body as { data: Export }).data;
    expect(data.messages.filter((m) => m.direction === 'inbound')).toEqual([
      { ...data.messages.find((m) => m.body === 'Is this my contractor?'), from: e164(phone), status: 'RECEIVED' },
      expect.objectContaining({ body: 'STOP', from: e164(phone), vendorId: null }),
    ]);
    expect(data.optOuts).toEqual([expect.objectContaining({ vendorId: null, contact: phone, source: 'sms' })]);

    const erased = await request(sms.bed.t.http).post(`${M}/customer-data/erase`).set(sms.bed.manager).send({ phone });
    expect(erased.status).toBe(200);
    expect((erased.body as { data: { inboundMessages: number; optOuts: number } }).data).toMatchObject({
      inboundMessages: 2,
      optOuts: 1,
    });
    const rows = await sms.bed.t.dataSource.query(
      `SELECT body, sender, phone FROM inbound_sms WHERE body = '[erased]' AND sender = '[erased]'`,
    );
    expect(rows).toHaveLength(2);
    const left: unknown[] = await sms.bed.t.dataSource.query(
      `SELECT 1 FROM inbound_sms WHERE phone = $1 OR body LIKE '%contractor%'
       UNION ALL SELECT 1 FROM sms_opt_outs WHERE phone = $1`,
      [phone],
    );
    expect(left).toEqual([]);
  });
});
