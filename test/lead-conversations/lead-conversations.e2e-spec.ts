import request from 'supertest';
import type { App } from 'supertest/types';
import { automate, stopClock } from '../support/automation';
import { createLead } from '../support/factories';
import { smsSize } from '../../src/notifications/rendering/sms-segments';
import { waitUntil } from '../support/net';
import { textedBy } from '../support/sms-conversations';
import { SHARED_SENDER, e164, smsSettings, text } from '../support/sms-inbound';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { SmtpSink } from '../support/smtp-sink';
import { type TestApp, createTestApp } from '../support/test-app';
import { type Account, OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

let stub: SmsProviderStub;
let sink: SmtpSink;
let bed: OwnDatabaseApp;
/** A second instance on the same database. */
let other: TestApp;

beforeAll(async () => {
  stub = await SmsProviderStub.start();
  sink = await SmtpSink.start();
  bed = await OwnDatabaseApp.start('lead_conversations', {
    ...smsSettings(stub),
    SMTP_URL: sink.url,
    MAIL_FROM: 'reviews@operator.example',
  });
  other = await createTestApp();
});

afterAll(async () => {
  await other?.close();
  await bed?.close();
  await sink?.stop();
  await stub?.close();
});

interface Message {
  id: number;
  direction: string;
  channel: string;
  status: string;
  body: string;
  at: string;
  sendAfter: string | null;
}
interface MessagePage {
  content: Message[];
  hasMore: boolean;
  nextAfter: number | null;
}

let lastPhone = 0;
const newPhone = (): string => `647-555-${1000 + ++lastPhone}`;

/** A vendor with no quiet hours, and a lead of it it accepted: the customer's phone and e-mail are known. */
async function acceptedLead(
  options: { quiet?: boolean; email?: string | null } = {},
): Promise<{ vendor: Account; leadId: number; phone: string }> {
  const vendor = await bed.vendor({ vendorName: `Érable & Fils ${++lastPhone}` });
  if (!options.quiet) await automate(bed.t.app, vendor.id);
  const phone = newPhone();
  const email = options.email === undefined ? `jane${lastPhone}@customer.example` : options.email;
  const lead = await createLead(bed.t.app, vendor.id, { customerPhone: phone, customerEmail: email ?? undefined });
  await request(bed.t.http).post(`${V}/general-leads/${lead.id}/accept`).set(vendor.auth).expect(200);
  return { vendor, leadId: lead.id, phone };
}

const write = (http: App, vendor: Account, leadId: number, body: object) =>
  request(http).post(`${V}/general-leads/${leadId}/messages`).set(vendor.auth).send(body);

async function conversation(http: App, vendor: Account, leadId: number, query = ''): Promise<MessagePage> {
  const res = await request(http).get(`${V}/general-leads/${leadId}/messages${query}`).set(vendor.auth).expect(200);
  return (res.body as { data: MessagePage }).data;
}

const textsTo = (phone: string) => stub.messages.filter((m) => m.form.To === e164(phone));

describe('Conversations on leads (e2e)', () => {
  it('the vendor writes by SMS and e-mail, the customer answers, both directions read in order on two instances', async () => {
    const { vendor, leadId, phone } = await acceptedLead();
    const sms = await write(bed.t.http, vendor, leadId, { body: 'Hi Jane, could we come by “Thursday” at 10?' });
    expect(sms.status).toBe(201);
    expect((sms.body as { data: Message }).data).toMatchObject({
      direction: 'outbound',
      channel: 'sms',
      status: 'PENDING',
      body: 'Hi Jane, could we come by “Thursday” at 10?',
      sendAfter: null,
    });
    await waitUntil(() => Promise.resolve(textsTo(phone).length === 1));
    // The vendor's name whole, the words with GSM-7 punctuation, the link to the page that identifies the
    // sender, the opt-out line; from the shared number.
    expect(textsTo(phone)[0].form.From).toBe(SHARED_SENDER);
    expect(textsTo(phone)[0].form.Body).toMatch(
      new RegExp(
        `^${vendor.entity.vendorName}: Hi Jane, could we come by "Thursday" at 10\\?\n` +
          'https://reviews\\.example\\.test/l/[\\w-]{24}\nReply STOP to opt out\\.$',
      ),
    );

    const email = await write(other.http, vendor, leadId, {
      body: 'The estimate is attached.\n\nSam',
      channel: 'email',
    });
    expect(email.status).toBe(201);
    await waitUntil(() =>
      Promise.resolve(sink.received.some((m) => m.parsed.subject?.includes(vendor.entity.vendorName))),
    );
    const mail = sink.received.find((m) => m.parsed.subject === `Message from ${vendor.entity.vendorName}`)!;
    expect(mail.parsed.replyTo?.value[0].address).toBe(vendor.entity.email);
    expect(mail.parsed.from?.value[0].name).toBe(`${vendor.entity.vendorName} via Leads Co`);
    expect(mail.parsed.text).toContain('The estimate is attached.\n\nSam');
    expect(mail.parsed.text).toContain(`Sent by Leads Co on behalf of ${vendor.entity.vendorName}.`);
    expect(mail.parsed.text).toMatch(
      /To stop receiving these messages: https:\/\/reviews\.example\.test\/l\/[\w-]{24}\/unsubscribe/,
    );

    await text(other.http, e164(phone), 'Thursday works, see you then!').expect(200);

    for (const http of [bed.t.http, other.http]) {
      const page = await conversation(http, vendor, leadId);
      expect(
        page.content.map(({ direction, channel, status, body }) => ({ direction, channel, status, body })),
      ).toEqual([
        { direction: 'outbound', channel: 'sms', status: 'SENT', body: 'Hi Jane, could we come by “Thursday” at 10?' },
        {
          direction: 'outbound',
          channel: 'email',
          status: expect.stringMatching(/PENDING|SENT/),
          body: 'The estimate is attached.\n\nSam',
        },
        { direction: 'inbound', channel: 'sms', status: 'RECEIVED', body: 'Thursday works, see you then!' },
      ]);
      expect(page).toMatchObject({ hasMore: false, nextAfter: page.content[2].id });
    }
    const managerRead = await request(bed.t.http)
      .get(`${M}/vendors/${vendor.id}/leads/${leadId}/messages?limit=2`)
      .set(bed.manager)
      .expect(200);
    const firstTwo = (managerRead.body as { data: MessagePage }).data;
    expect(firstTwo.content.map((m) => m.direction)).toEqual(['outbound', 'outbound']);
    expect(firstTwo.hasMore).toBe(true);
    const rest = await conversation(bed.t.http, vendor, leadId, `?after=${firstTwo.nextAfter}`);
    expect(rest.content.map((m) => m.body)).toEqual(['Thursday works, see you then!']);

    await bed.eventsSettled();
    const feed = await request(bed.t.http).get(`${V}/events?limit=100`).set(vendor.auth).expect(200);
    const received = (feed.body as { data: { content: { type: string; data: object }[] } }).data.content.filter(
      (e) => e.type === 'message.received',
    );
    expect(received.map((e) => e.data)).toEqual([
      { leadId, channel: 'sms', body: 'Thursday works, see you then!', receivedAt: rest.content[0].at },
    ]);
  });

  it('writes a French customer in four parts, names an accented vendor as spelled, identifies it by a link; AIDE describes the conversation', async () => {
    const vendor = await bed.vendor({
      vendorName: 'Rénovations Côté & Fils Québec',
      mailingAddress: '12 rue Racine, Québec QC',
    });
    await automate(bed.t.app, vendor.id);
    const phone = newPhone();
    const lead = await createLead(bed.t.app, vendor.id, { customerPhone: phone, customerLocale: 'fr' });
    await request(bed.t.http).post(`${V}/general-leads/${lead.id}/accept`).set(vendor.auth).expect(200);
    // 143 characters, UCS-2 (ç): within four parts with the name, the link and the opt-out line.
    const body =
      'Bonjour Mme Tremblay, nous pourrions passer jeudi à 10 h pour mesurer la cuisine. ' +
      'Est-ce que ça vous convient? Merci beaucoup et bonne journée!';
    expect(body).toHaveLength(143);
    const other = await acceptedLead();
    expect((await write(bed.t.http, other.vendor, other.leadId, { body })).status).toBe(201);
    await waitUntil(() => Promise.resolve(textsTo(other.phone).length === 1));
    expect(smsSize(textsTo(other.phone)[0].form.Body)).toEqual({ encoding: 'UCS-2', segments: 4 });

    const words = 'Bonjour, nous pourrions passer jeudi à 10 h. Est-ce que ça vous convient?';
    expect((await write(bed.t.http, vendor, lead.id, { body: words })).status).toBe(201);
    await waitUntil(() => Promise.resolve(textsTo(phone).length === 1));
    const sent = textsTo(phone)[0].form.Body;
    const [signed, link, optOut] = sent.split('\n');
    expect(signed).toBe(`Rénovations Côté & Fils Québec : ${words}`);
    expect(link).toMatch(/^https:\/\/reviews\.example\.test\/l\/[\w-]{24}$/);
    expect(optOut).toBe('Répondez ARRET pour vous désabonner.');
    // The link's page says who sent it, on whose behalf, where the vendor is (CASL by link), in French.
    const page = await request(bed.t.http).get(new URL(link).pathname).expect(200);
    expect(page.text).toContain('<html lang="fr-CA">');
    expect(page.text).toContain('Rénovations Côté &amp; Fils Québec');
    expect(page.text).toContain('12 rue Racine, Québec QC');
    expect(page.text).toContain('Leads Co');

    const help = await text(bed.t.http, e164(phone), 'aide').expect(200);
    expect(help.text).toContain(
      'Leads Co : Rénovations Côté &amp; Fils Québec vous écrit pour votre soumission. Répondez ARRET pour cesser.',
    );
    expect(help.text).not.toMatch(/avis|review/i);
  });

  it('STOP in the middle ends the conversation: a further message is the opt-out 409', async () => {
    const { vendor, leadId, phone } = await acceptedLead();
    await write(bed.t.http, vendor, leadId, { body: 'Hello from us' }).expect(201);
    await waitUntil(() => Promise.resolve(textsTo(phone).length === 1));
    await text(bed.t.http, e164(phone), 'Stop').expect(200);
    const refused = await write(other.http, vendor, leadId, { body: 'Are you still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: `The customer opted out of messages from ${vendor.entity.vendorName}: no message was sent.`,
    });
    expect((await conversation(bed.t.http, vendor, leadId)).content.map((m) => m.body)).toEqual(['Hello from us']);
    // The e-mail address did not opt out: the vendor can still write there.
    await write(bed.t.http, vendor, leadId, { body: 'By e-mail then', channel: 'email' }).expect(201);
  });

  it('a text is refused 409 when the only pool number carries another vendor’s conversation with the phone', async () => {
    const { vendor, leadId, phone } = await acceptedLead();
    const competitor = await bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    await textedBy(bed.t, competitor, phone);
    const refused = await write(bed.t.http, vendor, leadId, { body: 'Hello from us' }).expect(409);
    expect((refused.body as { error: string }).error).toMatch(/a number is never shared: no message was sent\.$/);
    expect(textsTo(phone)).toHaveLength(1);
    await write(bed.t.http, vendor, leadId, { body: 'By e-mail then', channel: 'email' }).expect(201);
  });

  it('holds a first message for the quiet hours; an answer within 24 hours of the customer’s text leaves at once', async () => {
    const { vendor, leadId, phone } = await acceptedLead({ quiet: true });
    // The defaults: customers are written to between 09:00 and 20:00 in America/Toronto (EST, UTC-5).
    await automate(bed.t.app, vendor.id, { quietHoursStart: '20:00', quietHoursEnd: '09:00' });
    const moveTo = stopClock(bed.t.app, '2026-11-24T03:00:00.000Z'); // 22:00 on the 23rd in Toronto
    const held = await write(bed.t.http, vendor, leadId, { body: 'Thanks for your request!' });
    expect(held.status).toBe(201);
    expect((held.body as { data: Message }).data).toMatchObject({
      status: 'PENDING',
      sendAfter: '2026-11-24T14:00:00.000Z',
    });
    const [outbox]: { hours: number; status: string }[] = await bed.t.dataSource.query(
      `SELECT (extract(epoch FROM next_attempt_at - created_at) / 3600)::float8 AS hours, status FROM notification_outbox
        WHERE purpose = 'LEAD_MESSAGE' AND subject_id IN (SELECT id FROM lead_messages WHERE lead_id = $1)`,
      [leadId],
    );
    expect(outbox).toEqual({ hours: 11, status: 'PENDING' });

    // Another lead: its first message left by day, the customer answered at 21:30, the vendor at 22:00.
    const { vendor: day, leadId: dayLead, phone: dayPhone } = await acceptedLead({ quiet: true });
    await automate(bed.t.app, day.id, { quietHoursStart: '20:00', quietHoursEnd: '09:00' });
    moveTo('2026-11-23T19:00:00.000Z'); // 14:00 in Toronto
    await write(bed.t.http, day, dayLead, { body: 'When can we visit?' }).expect(201);
    await waitUntil(() => Promise.resolve(textsTo(dayPhone).length === 1));
    moveTo('2026-11-24T02:30:00.000Z'); // 21:30
    await text(bed.t.http, e164(dayPhone), 'Tomorrow morning?').expect(200);
    moveTo('2026-11-24T03:00:00.000Z'); // 22:00
    const answer = await write(bed.t.http, day, dayLead, { body: 'Perfect, 9:30 then.' });
    expect((answer.body as { data: Message }).data).toMatchObject({ status: 'PENDING', sendAfter: null });
    await waitUntil(() => Promise.resolve(textsTo(dayPhone).length === 2));

    // More than 24 hours after that text, quiet hours hold again.
    moveTo('2026-11-25T03:00:01.000Z');
    const late = await write(bed.t.http, day, dayLead, { body: 'Still interested?' });
    expect((late.body as { data: Message }).data.sendAfter).toBe('2026-11-25T14:00:00.000Z');
    expect(textsTo(phone)).toHaveLength(0);
  });

  it('refuses another vendor’s lead (404), a lead not accepted (409) and what cannot be sent (400)', async () => {
    const { vendor, leadId } = await acceptedLead();
    const stranger = await bed.vendor();
    await write(bed.t.http, stranger, leadId, { body: 'Hello' }).expect(404);
    await request(bed.t.http).get(`${V}/general-leads/${leadId}/messages`).set(stranger.auth).expect(404);
    await request(bed.t.http).get(`${M}/vendors/${stranger.id}/leads/${leadId}/messages`).set(bed.manager).expect(404);

    const pending = await createLead(bed.t.app, vendor.id);
    const notAccepted = await write(bed.t.http, vendor, pending.id, { body: 'Hello' });
    expect(notAccepted.status).toBe(409);
    expect((notAccepted.body as { error: string }).error).toBe(
      `Lead ${pending.id} is not accepted: only the customer of an accepted lead can be written to.`,
    );

    const tooLong = await write(bed.t.http, vendor, leadId, { body: 'x'.repeat(560) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { error: string }).error).toMatch(/takes 5 segments in GSM-7; at most 4 are sent/);
    for (const body of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(1001) },
      { body: 'Hi', channel: 'fax' },
    ]) {
      await write(bed.t.http, vendor, leadId, body).expect(400);
    }
    const { vendor: noMail, leadId: phoneOnly } = await acceptedLead({ email: null });
    const byEmail = await write(bed.t.http, noMail, phoneOnly, { body: 'Hi', channel: 'email' });
    expect(byEmail.status).toBe(400);
    expect((byEmail.body as { error: string }).error).toBe(
      `Invalid request: lead ${phoneOnly} has no e-mail address to write to by email.`,
    );
    expect((await conversation(bed.t.http, vendor, leadId)).content).toEqual([]);
  });

  it('a retried POST with the same Idempotency-Key sends one message', async () => {
    const { vendor, leadId, phone } = await acceptedLead();
    const send = () =>
      request(bed.t.http)
        .post(`${V}/general-leads/${leadId}/messages`)
        .set(vendor.auth)
        .set('Idempotency-Key', `lead-${leadId}-hello`)
        .send({ body: 'Only once, please' });
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    await waitUntil(() => Promise.resolve(textsTo(phone).length === 1));
    expect((await conversation(bed.t.http, vendor, leadId)).content).toHaveLength(1);
    const [{ count }]: { count: number }[] = await bed.t.dataSource.query(
      `SELECT count(*)::int AS count FROM notification_outbox
        WHERE purpose = 'LEAD_MESSAGE' AND subject_id IN (SELECT id FROM lead_messages WHERE lead_id = $1)`,
      [leadId],
    );
    expect(count).toBe(1);
  });

  it('records the first message on the lead and its median in the response times', async () => {
    const { vendor, leadId } = await acceptedLead();
    const before = await request(bed.t.http).get(`${V}/general-leads/response-times`).set(vendor.auth).expect(200);
    expect(
      (before.body as { data: { medianMinutesToFirstMessage: number | null } }).data.medianMinutesToFirstMessage,
    ).toBeNull();
    const [lead]: { dateCreated: Date }[] = await bed.t.dataSource.query(
      'SELECT date_created AS "dateCreated" FROM leads WHERE id = $1',
      [leadId],
    );
    stopClock(bed.t.app, new Date(lead.dateCreated.getTime() + 42 * 60_000).toISOString());
    await write(bed.t.http, vendor, leadId, { body: 'First' }).expect(201);
    stopClock(bed.t.app, new Date(lead.dateCreated.getTime() + 90 * 60_000).toISOString());
    await write(bed.t.http, vendor, leadId, { body: 'Second' }).expect(201);
    const shown = await request(bed.t.http).get(`${V}/general-leads/${leadId}`).set(vendor.auth).expect(200);
    expect((shown.body as { data: { firstMessageAt: string } }).data.firstMessageAt).toBe(
      new Date(lead.dateCreated.getTime() + 42 * 60_000).toISOString(),
    );
    const after = await request(bed.t.http).get(`${V}/general-leads/response-times`).set(vendor.auth).expect(200);
    expect((after.body as { data: { medianMinutesToFirstMessage: number } }).data.medianMinutesToFirstMessage).toBe(42);
  });
});
