import request from 'supertest';
import type { App } from 'supertest/types';
import { automate } from './automation';
import { createLead } from './factories';
import { e164, smsSettings } from './sms-inbound';
import { SmsProviderStub } from './sms-provider-stub';
import { SmtpSink } from './smtp-sink';
import { type TestApp, createTestApp } from './test-app';
import { type Account, OwnDatabaseApp } from './own-database-app';
import { VENDOR_API as V } from './api-paths';

export interface Message {
  id: number;
  direction: string;
  channel: string;
  status: string;
  body: string;
  at: string;
  sendAfter: string | null;
}
export interface MessagePage {
  content: Message[];
  hasMore: boolean;
  nextAfter: number | null;
}

export const write = (http: App, vendor: Account, leadId: number, body: object) =>
  request(http).post(`${V}/general-leads/${leadId}/messages`).set(vendor.auth).send(body);

export async function conversation(http: App, vendor: Account, leadId: number, query = ''): Promise<MessagePage> {
  const res = await request(http).get(`${V}/general-leads/${leadId}/messages${query}`).set(vendor.auth).expect(200);
  return (res.body as { data: MessagePage }).data;
}

/**
 * Starts, for the file it is called in, the SMS stand-in, the SMTP sink and a service on a database of
 * its own (named after `suffix`), with a second instance on the same database when `secondInstance`,
 * and answers the helpers the lead conversation tests share. `state` holds them once `beforeAll` has run.
 */
export function useLeadConversations(suffix: string, options: { secondInstance?: boolean } = {}) {
  const state = {} as { stub: SmsProviderStub; sink: SmtpSink; bed: OwnDatabaseApp; other: TestApp };

  beforeAll(async () => {
    state.stub = await SmsProviderStub.start();
    state.sink = await SmtpSink.start();
    state.bed = await OwnDatabaseApp.start(suffix, {
      ...smsSettings(state.stub),
      SMTP_URL: state.sink.url,
      MAIL_FROM: 'reviews@operator.example',
    });
    if (options.secondInstance) state.other = await createTestApp();
  });

  afterAll(async () => {
    await state.other?.close();
    await state.bed?.close();
    await state.sink?.stop();
    await state.stub?.close();
  });

  let lastPhone = 0;
  const newPhone = (): string => `647-555-${1000 + ++lastPhone}`;

  /** A vendor with no quiet hours, and a lead of it it accepted: the customer's phone and e-mail are known. */
  async function acceptedLead(
    options: { quiet?: boolean; email?: string | null } = {},
  ): Promise<{ vendor: Account; leadId: number; phone: string }> {
    const { bed } = state;
    const vendor = await bed.vendor({ vendorName: `Érable & Fils ${++lastPhone}` });
    if (!options.quiet) await automate(bed.t.app, vendor.id);
    const phone = newPhone();
    const email = options.email === undefined ? `jane${lastPhone}@customer.example` : options.email;
    const lead = await createLead(bed.t.app, vendor.id, { customerPhone: phone, customerEmail: email ?? undefined });
    await request(bed.t.http).post(`${V}/general-leads/${lead.id}/accept`).set(vendor.auth).expect(200);
    return { vendor, leadId: lead.id, phone };
  }

  const textsTo = (phone: string) => state.stub.messages.filter((m) => m.form.To === e164(phone));

  return { state, newPhone, acceptedLead, textsTo };
}
