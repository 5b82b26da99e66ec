import request from 'supertest';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { e164, smsSettings, text } from '../support/sms-inbound';
import { MANAGER_API as M, WebhookTestBed } from '../support/webhook-app';

jest.setTimeout(60_000);

let stub: SmsProviderStub;
let bed: WebhookTestBed;
beforeAll(async () => {
  stub = await SmsProviderStub.start();
  bed = await WebhookTestBed.start('sms_customer_data', smsSettings(stub));
});
afterAll(async () => {
  await bed?.close();
  await stub?.close();
});

interface Export {
  messages: { direction: string; from: string | null; body: string; status: string; vendorId: number | null }[];
  optOuts: { vendorId: number | null; contact: string; source: string }[];
}

describe('A person’s texts in their data rights (e2e)', () => {
  it('are listed in the export with the opt-out they texted, and erased with the person', async () => {
    const phone = '416-555-4001';
    await text(bed.t.http, e164(phone), 'Is this my contractor?').expect(200);
    await text(bed.t.http, e164(phone), 'STOP').expect(200);

    const exported = await request(bed.t.http).post(`${M}/customer-data/export`).set(bed.manager).send({ phone });
    expect(exported.status).toBe(200);
    const data = (exported.body as { data: Export }).data;
    expect(data.messages.filter((m) => m.direction === 'inbound')).toEqual([
      { ...data.messages.find((m) => m.body === 'Is this my contractor?'), from: e164(phone), status: 'RECEIVED' },
      expect.objectContaining({ body: 'STOP', from: e164(phone), vendorId: null }),
    ]);
    expect(data.optOuts).toEqual([expect.objectContaining({ vendorId: null, contact: phone, source: 'sms' })]);

    const erased = await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ phone });
    expect(erased.status).toBe(200);
    expect((erased.body as { data: { inboundMessages: number; optOuts: number } }).data).toMatchObject({
      inboundMessages: 2,
      optOuts: 1,
    });
    const rows = await bed.t.dataSource.query(
      `SELECT body, sender, phone FROM inbound_sms WHERE body = '[erased]' AND sender = '[erased]'`,
    );
    expect(rows).toHaveLength(2);
    const left: unknown[] = await bed.t.dataSource.query(
      `SELECT 1 FROM inbound_sms WHERE phone = $1 OR body LIKE '%contractor%'
       UNION ALL SELECT 1 FROM sms_opt_outs WHERE phone = $1`,
      [phone],
    );
    expect(left).toEqual([]);
  });
});
