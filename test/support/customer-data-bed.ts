import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import type { CreateLeadDto } from '../../src/leads/dto/create-lead.dto';
import { CustomerBrowser } from './customer-pages';
import { configureReviewSites } from './factories';
import { waitUntil } from './net';
import { linkSentFor } from './outbox';
import { PUBLIC_BASE_URL, SHARED_SENDER, SMS_AUTH_TOKEN } from './sms-inbound';
import { SmsProviderStub } from './sms-provider-stub';
import { SmtpSink } from './smtp-sink';
import type { TestAppOptions } from './test-app';
import { type Account, OwnDatabaseApp } from './own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from './api-paths';

/**
 * Starts, for the describe block it is called in, a service on a database of its own (named after
 * `suffix`) with the real SMTP sink and SMS stand-in, two vendors (a, b) with every feature and
 * webhook receivers for the manager and vendor a, and answers the helpers the customer data tests
 * share. `state` holds them once `beforeAll` has run.
 */
export function useCustomerDataBed(suffix: string, options: TestAppOptions = {}) {
  const state = {} as { bed: OwnDatabaseApp; sink: SmtpSink; sms: SmsProviderStub; a: Account; b: Account };
  beforeAll(async () => {
    [state.sink, state.sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
    state.bed = await OwnDatabaseApp.start(
      suffix,
      {
        SMTP_URL: state.sink.url,
        MAIL_FROM: 'reviews@operator.example',
        SMS_API_BASE_URL: state.sms.baseUrl,
        SMS_ACCOUNT_SID: 'AC0123456789',
        SMS_AUTH_TOKEN,
        // A number for each vendor that texts one person (one is never shared by two vendors for a phone).
        SMS_FROM: `${SHARED_SENDER},+15005550007,+15005550008`,
        // The address the provider signs its webhook calls with (test/support/sms-inbound.ts).
        PUBLIC_BASE_URL,
        NOTIFY_POLL_INTERVAL_MS: '50',
      },
      options,
    );
    state.a = await state.bed.vendor({ features: [...VENDOR_FEATURES] });
    state.b = await state.bed.vendor({ features: [...VENDOR_FEATURES] });
    await configureReviewSites(state.bed.t.app, state.a.id);
    await configureReviewSites(state.bed.t.app, state.b.id);
    await state.bed.register(M, state.bed.manager, '/manager');
    await state.bed.register(V, state.a.auth, '/vendor-a');
  });
  afterAll(async () => {
    await state.bed?.close();
    await Promise.all([state.sink?.stop(), state.sms?.close()]);
  });

  /** One person, unique to the test: the values that must leave no trace. */
  function person() {
    // Letters only: the tag is part of a name, and a name holds no phone number (seven digits or more).
    const tag = randomUUID()
      .replace(/-/g, '')
      .slice(0, 10)
      .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]);
    const phone = `437-${randomInt(200, 999)}-${randomInt(1000, 9999)}`;
    return {
      tag,
      lastName: `Quintal${tag}`,
      name: `Zoé Quintal${tag}`,
      email: `zoe.${tag}@customer.example`,
      phone,
      address: `${randomInt(10, 999)} rue ${tag}, Montréal`,
      comment: `Super travail ${tag}`,
    };
  }

  /**
   * No message due or being delivered (a claimed one is PENDING until its outcome, due again only when
   * its lease runs out), and every e-mail sent arrived in the sink. Scheduled messages may still wait.
   */
  async function outboxSettled(): Promise<void> {
    await waitUntil(async () => {
      const [{ busy, mailed }] = await state.bed.t.dataSource.query(
        `SELECT count(*) FILTER (WHERE status = 'PENDING' AND (next_attempt_at <= now() OR last_attempt_at IS NOT NULL))::int AS busy,
                count(*) FILTER (WHERE status = 'SENT' AND channel = 'EMAIL')::int AS mailed
           FROM notification_outbox`,
      );
      return busy === 0 && state.sink.received.length >= mailed;
    }, 20_000);
  }

  async function webhooksSettled(): Promise<void> {
    await waitUntil(async () => {
      const [{ n }] = await state.bed.t.dataSource.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'PENDING'`,
      );
      return n === 0;
    }, 20_000);
  }

  /** A deck lead assigned to the vendor by the manager with the person's `contact` fields; `key` its Idempotency-Key. */
  function assignLead(vendorId: number, contact: Partial<CreateLeadDto>, key?: string) {
    return request(state.bed.t.http)
      .post(`${M}/vendors/${vendorId}/leads`)
      .set({ ...state.bed.manager, ...(key && { 'Idempotency-Key': key }) })
      .send({ category: 'Deck', projectDetailsHtml: '<p>d</p>', originalJobDescription: 'd', ...contact })
      .expect(201);
  }

  async function kpis(vendor: Account): Promise<Record<string, number>> {
    const res = await request(state.bed.t.http).get(`${V}/reputation-process/kpi`).set(vendor.auth);
    expect(res.status).toBe(200);
    return res.body.data as Record<string, number>;
  }

  /** The person's records under two vendors: leads (one with a conversation), a full journey with a referral, a review request, an opt-out, a referral received. */
  async function personWithRecords(p: Person, a: Account, b: Account) {
    const lead = await request(state.bed.t.http)
      .post(`${M}/vendors/${a.id}/leads`)
      .set(state.bed.manager)
      .set('Idempotency-Key', `lead-${p.tag}`)
      .send({
        category: 'Kitchen renovation',
        customerName: p.name,
        customerEmail: p.email.toUpperCase(),
        customerPhone: p.phone,
        customerAddress: p.address,
        projectDetailsHtml: `<p>Kitchen for ${p.name}</p>`,
        originalJobDescription: `Call ${p.phone}`,
      });
    expect(lead.status).toBe(201);
    await request(state.bed.t.http).post(`${V}/general-leads/${lead.body.data.id}/accept`).set(a.auth).expect(200);
    await request(state.bed.t.http)
      .post(`${V}/general-leads/${lead.body.data.id}/messages`)
      .set(a.auth)
      .send({ channel: 'email', body: `Hello ${p.name}, may we call you at ${p.phone}?` })
      .expect(201);
    const leadB = await request(state.bed.t.http).post(`${M}/vendors/${b.id}/leads`).set(state.bed.manager).send({
      category: 'Roofing',
      customerName: p.name,
      customerPhone: p.phone,
      projectDetailsHtml: '<p>Roof</p>',
      originalJobDescription: 'Roof',
    });
    expect(leadB.status).toBe(201);

    const feedback = await request(state.bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .send({ customerName: p.name, email: p.email, phone: p.phone });
    expect(feedback.status).toBe(201);
    const journey = new CustomerBrowser(
      state.bed.t.http,
      await linkSentFor(state.bed.t.app, 'FEEDBACK_REQUEST', feedback.body.data.id),
    );
    await journey.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: p.comment });
    await journey.submit('/review', { happy: 'yes' });
    expect((await journey.go('google')).status).toBe(302);
    await journey.submit('/review/confirm');
    await journey.submit('/referrals/email', {
      email: `friend.${p.tag}@friend.example`,
      friendName: 'Friend',
      referrerName: p.name,
    });

    // Kept under its key: an idempotent answer that holds the phone, not the e-mail.
    const review = await request(state.bed.t.http)
      .post(`${V}/review-requests`)
      .set(b.auth)
      .set('Idempotency-Key', `review-${p.tag}`)
      .send({ firstName: 'Zoé', lastName: p.lastName, phone: p.phone });
    expect(review.status).toBe(201);
    const reviewPage = new CustomerBrowser(
      state.bed.t.http,
      await linkSentFor(state.bed.t.app, 'REVIEW_REQUEST', review.body.data.id),
    );
    await reviewPage.submit('/unsubscribe', {}, `${reviewPage.path}/unsubscribe`);

    // Someone else's journey with vendor A refers this person, who sends a contact request.
    const other = await request(state.bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .send({ customerName: 'Other Customer', email: `other.${p.tag}@customer.example` });
    const referrer = new CustomerBrowser(
      state.bed.t.http,
      await linkSentFor(state.bed.t.app, 'FEEDBACK_REQUEST', other.body.data.id),
    );
    await referrer.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    await referrer.submit('/review', { happy: 'yes' });
    await referrer.submit('/review/confirm');
    await referrer.submit('/referrals/email', { email: p.email, friendName: p.name, referrerName: 'Other Customer' });
    const [{ id: invitationId }] = await state.bed.t.dataSource.query(
      `SELECT id FROM referrals WHERE friend_email = $1`,
      [p.email],
    );
    const invitation = new CustomerBrowser(
      state.bed.t.http,
      await linkSentFor(state.bed.t.app, 'REFERRAL_INVITATION', invitationId),
    );
    await invitation.submit(
      '',
      { name: p.name, email: p.email, message: `Please call ${p.phone}` },
      `${invitation.path}?sent=1`,
    );

    const [{ id: madeId }] = await state.bed.t.dataSource.query(`SELECT id FROM referrals WHERE friend_email = $1`, [
      `friend.${p.tag}@friend.example`,
    ]);
    const friendPage = await linkSentFor(state.bed.t.app, 'REFERRAL_INVITATION', madeId);
    // The friend asks to be contacted: their lead names this person as its referrer.
    const friend = new CustomerBrowser(state.bed.t.http, friendPage);
    await friend.submit(
      '',
      // The friend's words name this person: their request and the lead it became hold the name.
      { name: 'Friend Person', email: `friend.${p.tag}@friend.example`, message: `Please call me, ${p.name} sent me` },
      `${friend.path}?sent=1`,
    );
    // The lead the contact request became, vendor A's.
    const [{ id: referralLeadId }] = await state.bed.t.dataSource.query<{ id: number }[]>(
      `SELECT id FROM leads WHERE customer_email = $1 AND source = 'REFERRAL'`,
      [p.email],
    );
    return { journey, reviewPage, invitation, friendPage, leadId: lead.body.data.id as number, referralLeadId };
  }

  /** Every text and JSON column of every table, searched for each needle: where any was found. */
  async function tracesOf(needles: string[]): Promise<string[]> {
    const columns: { table: string; column: string }[] = await state.bed.t.dataSource.query(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public'
        AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR data_type = 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table, column } of columns) {
      for (const needle of needles) {
        const [{ n }] = await state.bed.t.dataSource.query(
          `SELECT count(*)::int AS n FROM "${table}" WHERE lower("${column}"::text) LIKE '%' || lower($1) || '%'`,
          [needle],
        );
        if (n > 0) found.push(`${table}.${column} holds ${needle}`);
      }
    }
    return found;
  }

  return { state, person, outboxSettled, webhooksSettled, assignLead, kpis, personWithRecords, tracesOf };
}

export type Person = ReturnType<ReturnType<typeof useCustomerDataBed>['person']>;
