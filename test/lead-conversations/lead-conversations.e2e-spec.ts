import request from 'supertest';
import { automate } from '../support/automation';
import { createLead } from '../support/factories';
import { smsSize } from '../../src/notifications/rendering/sms-segments';
import {
  type Message,
  type MessagePage,
  conversation,
  useLeadConversations,
  write,
} from '../support/lead-conversations';
import { waitUntil } from '../support/net';
import { textedBy } from '../support/sms-conversations';
import { SHARED_SENDER, e164, text } from '../support/sms-inbound';
import type { SmtpSink } from '../support/smtp-sink';
import type { TestApp } from '../support/test-app';
import type { OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const { state, newPhone, acceptedLead, textsTo } = useLeadConversations('lead_conversations', { secondInstance: true });
let sink: SmtpSink;
let bed: OwnDatabaseApp;
/** A second instance on the same database. */
let other: TestApp;
beforeAll(() => {
  ({ sink, bed, other } = state);
});

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
});
