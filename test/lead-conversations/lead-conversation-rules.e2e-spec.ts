import request from 'supertest';
import { automate, stopClock } from '../support/automation';
import { createLead } from '../support/factories';
import { type Message, conversation, useLeadConversations, write } from '../support/lead-conversations';
import { waitUntil } from '../support/net';
import { e164, text } from '../support/sms-inbound';
import type { OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const { state, acceptedLead, textsTo } = useLeadConversations('lead_conversation_rules');
let bed: OwnDatabaseApp;
beforeAll(() => {
  ({ bed } = state);
});

describe('Conversations on leads (e2e)', () => {
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
