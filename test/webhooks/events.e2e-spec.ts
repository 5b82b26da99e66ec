import { TransactionHost } from '@nestjs-cls/transactional';
import request from 'supertest';
import { EventsService } from '../../src/events/events.service';
import { LeadsService } from '../../src/leads/leads.service';
import { CustomerBrowser } from '../support/customer-pages';
import {
  LEAD_BODY,
  configureReviewSites,
  createFeedbackRequest,
  createLead,
  createReviewRequest,
} from '../support/factories';
import { linkIn, messagesTo } from '../support/outbox';
import { waitUntil } from '../support/net';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { OwnDatabaseApp, ofType } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { ReceivedWebhook, verified } from '../support/webhook-receiver';
import { EVENT_DATA_EXAMPLES } from '../../src/webhooks/event-examples';
import type { EventType } from '../../src/events/event-types';

jest.setTimeout(60_000);

const DAY = 24 * 3_600_000;

let bed: OwnDatabaseApp;
let sms: SmsProviderStub;
beforeAll(async () => {
  sms = await SmsProviderStub.start();
  bed = await OwnDatabaseApp.start('events', {
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'AC0123456789',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    NOTIFY_POLL_INTERVAL_MS: '50',
  });
});
afterAll(async () => {
  await bed?.close();
  await sms?.close();
});

/** Signed with the endpoint's secret, and shaped as docs/modules/events-and-webhooks.md and the OpenAPI examples of its type say. */
function expectDocumented(secret: string, delivery: ReceivedWebhook): void {
  expect(verified(secret, delivery)).toEqual(delivery.event);
  const type = delivery.event.type as EventType;
  expect({ type, keys: Object.keys(delivery.event.data).sort() }).toEqual({
    type,
    keys: Object.keys(EVENT_DATA_EXAMPLES[type]).sort(),
  });
}

/** Every event of the type that reached `path`, each verified with the endpoint's secret; answers their data. */
async function dataOf(path: string, secret: string, type: string, count = 1): Promise<Record<string, unknown>[]> {
  await waitUntil(() => Promise.resolve(ofType(bed.receiver.at(path), type).length >= count));
  const found = ofType(bed.receiver.at(path), type);
  for (const delivery of found) expectDocumented(secret, delivery);
  return found.map((delivery) => delivery.event.data);
}

describe('Lead events (e2e)', () => {
  it('delivers each lead event, signed, with the vendor view of the lead, to the vendor and to managers only', async () => {
    const [vendor, other] = [await bed.vendor(), await bed.vendor()];
    const mine = await bed.register(V, vendor.auth, '/lead/mine');
    const theirs = await bed.register(V, other.auth, '/lead/theirs');
    const managers = await bed.register(M, bed.manager, '/lead/manager', ['lead.assigned', 'lead.accepted']);

    const assigned = await request(bed.t.http).post(`${M}/vendors/${vendor.id}/leads`).set(bed.manager).send(LEAD_BODY);
    expect(assigned.status).toBe(201);
    const leadId = assigned.body.data.id;
    const [first] = await bed.receivedAt('/lead/mine');
    expect(verified(mine.secret, first)).toEqual(first.event);
    expect(first.headers['webhook-id']).toBe(first.event.id);
    expect(first.event).toMatchObject({ type: 'lead.assigned', vendorId: vendor.id });
    // Before acceptance a webhook shows no contact details, as the vendor API does not.
    expect(first.event.data).toMatchObject({ id: leadId, customerName: 'Jane Homeowner', customerEmail: null });
    expect(first.event.data).toEqual(
      (await request(bed.t.http).get(`${V}/events`).set(vendor.auth)).body.data.content[0].data,
    );
    // Each event shows the lead exactly as the vendor API does at that moment (its own answer, not the
    // feed's copy of the event): no phone or address either before acceptance.
    const vendorView = async (id: number): Promise<Record<string, unknown>> => {
      const leads = await request(bed.t.http)
        .get(`${V}/general-leads?filter=ALL&size=100`)
        .set(vendor.auth)
        .expect(200);
      return (leads.body.data.content as { id: number }[]).find((lead) => lead.id === id)!;
    };
    const assignedView = await vendorView(leadId);
    expect(assignedView).toMatchObject({ customerEmail: null, customerPhone: null, customerAddress: null });
    expect(first.event.data).toEqual(assignedView);

    await request(bed.t.http).get(`${V}/general-leads/${leadId}`).set(vendor.auth).expect(200);
    const viewedView = await vendorView(leadId);
    await request(bed.t.http).post(`${V}/general-leads/${leadId}/accept`).set(vendor.auth).expect(200);
    await request(bed.t.http)
      .patch(`${V}/general-leads/${leadId}/post-lead-status`)
      .set(vendor.auth)
      .send({ postLeadStatus: 'QUOTE_SENT' })
      .expect(200);
    const declined = await createLead(bed.t.app, vendor.id);
    await request(bed.t.http)
      .post(`${V}/general-leads/${declined.id}/decline`)
      .set(vendor.auth)
      .send({ declineReason: 'Too far.' })
      .expect(200);
    const overdue = await createLead(bed.t.app, vendor.id, { dateCreated: new Date(Date.now() - 4 * DAY) });
    await bed.t.app.get(LeadsService).expireOverdue();
    const [declinedView, expiredView] = [await vendorView(declined.id), await vendorView(overdue.id)];

    const all = await bed.receivedAt('/lead/mine', 8);
    for (const delivery of all) expectDocumented(mine.secret, delivery);
    expect(all.map((r) => r.event.type).sort()).toEqual([
      'lead.accepted',
      'lead.assigned',
      'lead.assigned',
      'lead.assigned',
      'lead.declined',
      'lead.expired',
      'lead.status_changed',
      'lead.viewed',
    ]);
    const accepted = ofType(all, 'lead.accepted')[0].event.data;
    expect(accepted).toMatchObject({ vendorLeadAction: 'ACCEPT', customerEmail: 'jane@customer.example' });
    expect(ofType(all, 'lead.viewed')[0].event.data).toEqual(viewedView);
    expect(ofType(all, 'lead.declined')[0].event.data).toEqual(declinedView);
    expect(ofType(all, 'lead.expired')[0].event.data).toEqual(expiredView);
    expect(ofType(all, 'lead.status_changed')[0].event.data).toMatchObject({ postLeadStatus: 'QUOTE_SENT' });
    expect(ofType(all, 'lead.declined')[0].event.data).toMatchObject({ id: declined.id, declineReason: 'Too far.' });
    expect(ofType(all, 'lead.expired')[0].event.data).toMatchObject({
      id: overdue.id,
      vendorLeadAction: 'EXPIRED',
      customerEmail: null,
    });

    // The manager's endpoint hears only the types it asked for; the other vendor hears nothing.
    const heard = await bed.receivedAt('/lead/manager', 4);
    for (const delivery of heard) expect(verified(managers.secret, delivery)).toEqual(delivery.event);
    expect(new Set(heard.map((r) => r.event.type))).toEqual(new Set(['lead.assigned', 'lead.accepted']));
    expect(bed.receiver.at('/lead/theirs')).toEqual([]);
    expect(theirs.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });

  it('records an event only if its change commits, and once per replayed Idempotency-Key', async () => {
    const vendor = await bed.vendor();
    const feed = async () =>
      (
        (await request(bed.t.http).get(`${V}/events`).set(vendor.auth).expect(200)).body.data.content as {
          type: string;
        }[]
      ).map((event) => event.type);

    const rolledBack = bed.t.app.get(TransactionHost).withTransaction(async () => {
      await createLead(bed.t.app, vendor.id);
      throw new Error('the change fails after its event was written');
    });
    await expect(rolledBack).rejects.toThrow(/the change fails/);
    expect(await feed()).toEqual([]);
    expect(await bed.t.dataSource.query('SELECT 1 FROM leads WHERE vendor_id = $1', [vendor.id])).toEqual([]);

    const assign = () =>
      request(bed.t.http)
        .post(`${M}/vendors/${vendor.id}/leads`)
        .set({ ...bed.manager, 'Idempotency-Key': `assign-${vendor.id}` })
        .send(LEAD_BODY);
    expect((await assign()).status).toBe(201);
    const replay = await assign();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await bed.eventsSettled();
    expect(await feed()).toEqual(['lead.assigned']);
  });
});

describe('The events feed while transactions overlap (e2e)', () => {
  it('never skips an event whose transaction commits after a later one: a reader paging meanwhile gets it too', async () => {
    const vendor = await bed.vendor();
    const page = async (after: string | null) => {
      const res = await request(bed.t.http)
        .get(`${V}/events${after ? `?after=${after}` : ''}`)
        .set(vendor.auth)
        .expect(200);
      return res.body.data as { content: { data: { id: number } }[]; nextAfter: string | null };
    };
    const first = await createLead(bed.t.app, vendor.id);
    await bed.eventsSettled();
    const start = await page(null);
    expect(start.content.map((event) => event.data.id)).toEqual([first.id]);

    // An event written in a transaction held open, then another written and committed meanwhile.
    const events = bed.t.app.get(EventsService);
    const record = (id: number) => events.record(vendor.id, 'lead.viewed', { id });
    let release!: () => void;
    let written!: () => void;
    const wasWritten = new Promise<void>((resolve) => (written = resolve));
    const held = bed.t.app.get(TransactionHost).withTransaction(async () => {
      await record(-1);
      written();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await wasWritten;
    await bed.t.app.get(TransactionHost).withTransaction(() => record(-2));

    // A reader follows nextAfter while the first transaction runs, and again once it has committed.
    let cursor = start.nextAfter;
    const seen: number[] = [];
    const read = async () => {
      const next = await page(cursor);
      seen.push(...next.content.map((event) => event.data.id));
      cursor = next.nextAfter ?? cursor;
    };
    await read();
    release();
    await held;
    await read();
    expect(seen).toEqual([-1, -2]);
  });
});

describe('Reputation and message events (e2e)', () => {
  it('announces requests, answers, clicks, reviews, referrals and opt-outs with the process and request ids', async () => {
    const vendor = await bed.vendor({ features: ['enableStandaloneFeedbackBooster', 'enableStandaloneReviewBooster'] });
    const { secret } = await bed.register(V, vendor.auth, '/journey');
    await configureReviewSites(bed.t.app, vendor.id);

    const feedback = await createFeedbackRequest(bed.t.app, vendor.entity, { customerName: 'Olivia Stone' });
    const [created] = await dataOf('/journey', secret, 'feedback_request.created');
    expect(created).toMatchObject({ id: feedback.request.id, processId: feedback.request.processId, answered: false });

    const olivia = new CustomerBrowser(bed.t.http, feedback.link);
    await olivia.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: 'Tidy.' });
    const [received] = await dataOf('/journey', secret, 'feedback.received');
    expect(received).toEqual({
      processId: feedback.request.processId,
      origin: 'FEEDBACK_REQUEST',
      requestId: feedback.request.id,
      rating: 5,
      wouldRefer: true,
      comment: 'Tidy.',
    });
    await olivia.go('google');
    const [clicked] = await dataOf('/journey', secret, 'review.link_clicked');
    expect(clicked).toMatchObject({ processId: feedback.request.processId, platform: 'GOOGLE' });
    await olivia.submit('/review/confirm');
    const [completed] = await dataOf('/journey', secret, 'review.completed');
    expect(completed).toMatchObject({ processId: feedback.request.processId, requestId: clicked.requestId });

    await olivia.submit('/referrals/email', {
      referrerName: 'Olivia',
      friendName: 'Noah',
      email: 'noah@friend.example',
    });
    const [invitation] = await messagesTo(bed.t.app, vendor.id, 'noah@friend.example');
    const noah = new CustomerBrowser(bed.t.http, linkIn(invitation));
    await noah.submit(
      '',
      { name: 'Noah', email: 'noah@friend.example', phone: '', message: 'A deck.' },
      `${noah.path}?sent=1`,
    );
    const [converted] = await dataOf('/journey', secret, 'referral.converted');
    expect(converted).toMatchObject({ processId: feedback.request.processId, channel: 'EMAIL' });

    const review = await createReviewRequest(bed.t.app, vendor.entity, { firstName: 'Zoe' });
    const [reviewCreated] = await dataOf('/journey', secret, 'review_request.created');
    expect(reviewCreated).toMatchObject({ id: review.request.id, firstName: 'Zoe', processState: 'IN_PROGRESS' });
    const zoe = new CustomerBrowser(bed.t.http, review.link);
    await zoe.submit('/unsubscribe', {}, `${zoe.path}/unsubscribe`);
    const [optedOut] = await dataOf('/journey', secret, 'contact.opted_out');
    expect(optedOut).toEqual({ processId: review.request.processId, origin: 'REVIEW_REQUEST' });

    // The feed holds the same events, and another vendor's feed, with events of its own, none of them.
    const stranger = await bed.vendor();
    const strangersLead = await createLead(bed.t.app, stranger.id);
    await bed.eventsSettled();
    const feed = await request(bed.t.http).get(`${V}/events`).query({ limit: 100 }).set(vendor.auth).expect(200);
    const pushed = bed.receiver.at('/journey').map((r) => r.event.id);
    expect(feed.body.data.content.map((e: { id: string }) => e.id).sort()).toEqual([...pushed].sort());
    const theirs = await request(bed.t.http).get(`${V}/events`).query({ limit: 100 }).set(stranger.auth).expect(200);
    expect(theirs.body.data.content.map((e: { type: string; data: { id: number } }) => [e.type, e.data.id])).toEqual([
      ['lead.assigned', strangersLead.id],
    ]);
  });

  it('announces a message given up for good as message.failed', async () => {
    const vendor = await bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    const { secret } = await bed.register(M, bed.manager, '/failed', ['message.failed']);
    sms.respond = () => ({ status: 400, body: { code: 21211, message: 'Invalid To number' } });
    const review = await createReviewRequest(bed.t.app, vendor.entity, {
      emailTo: undefined,
      phone: '416-555-0142',
    });
    const failed = (await dataOf('/failed', secret, 'message.failed')).find((d) => d.requestId === review.request.id);
    expect(failed).toMatchObject({ purpose: 'REVIEW_REQUEST', channel: 'SMS', status: 'FAILED', attempts: 1 });
    expect(failed?.lastError).toMatch(/Invalid To number/);
  });
});
