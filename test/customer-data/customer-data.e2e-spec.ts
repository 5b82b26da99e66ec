import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CustomerBrowser } from '../support/customer-pages';
import { planNodes } from '../support/query-plan';
import { configureReviewSites } from '../support/factories';
import { waitUntil } from '../support/net';
import { linkSentFor } from '../support/outbox';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { SmtpSink } from '../support/smtp-sink';
import { type Account, MANAGER_API as M, VENDOR_API as V, WebhookTestBed } from '../support/webhook-app';

jest.setTimeout(90_000);

let bed: WebhookTestBed;
let sink: SmtpSink;
let sms: SmsProviderStub;
beforeAll(async () => {
  [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
  bed = await WebhookTestBed.start('customer_data', {
    SMTP_URL: sink.url,
    MAIL_FROM: 'reviews@operator.example',
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'AC0123456789',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    NOTIFY_POLL_INTERVAL_MS: '50',
  });
});
afterAll(async () => {
  await bed?.close();
  await Promise.all([sink?.stop(), sms?.close()]);
});

/** One person, unique to the test: the values that must leave no trace. */
function person() {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
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
type Person = ReturnType<typeof person>;

async function outboxSettled(): Promise<void> {
  await waitUntil(async () => {
    const [{ n }] = await bed.t.dataSource.query(
      `SELECT count(*)::int AS n FROM notification_outbox WHERE status = 'PENDING' AND next_attempt_at <= now()`,
    );
    return n === 0;
  }, 20_000);
}

async function webhooksSettled(): Promise<void> {
  await waitUntil(async () => {
    const [{ n }] = await bed.t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'PENDING'`,
    );
    return n === 0;
  }, 20_000);
}

async function kpis(vendor: Account): Promise<Record<string, number>> {
  const res = await request(bed.t.http).get(`${V}/reputation-process/kpi`).set(vendor.auth);
  expect(res.status).toBe(200);
  return res.body.data as Record<string, number>;
}

/** The person's records under two vendors: leads, a full journey with a referral, a review request, an opt-out, a referral received. */
async function personWithRecords(p: Person, a: Account, b: Account) {
  const lead = await request(bed.t.http)
    .post(`${M}/vendors/${a.id}/leads`)
    .set(bed.manager)
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
  await request(bed.t.http).post(`${V}/general-leads/${lead.body.data.id}/accept`).set(a.auth).expect(200);
  const leadB = await request(bed.t.http).post(`${M}/vendors/${b.id}/leads`).set(bed.manager).send({
    category: 'Roofing',
    customerName: p.name,
    customerPhone: p.phone,
    projectDetailsHtml: '<p>Roof</p>',
    originalJobDescription: 'Roof',
  });
  expect(leadB.status).toBe(201);

  const feedback = await request(bed.t.http)
    .post(`${V}/customer-feedback-system`)
    .set(a.auth)
    .send({ customerName: p.name, email: p.email, phone: p.phone });
  expect(feedback.status).toBe(201);
  const journey = new CustomerBrowser(
    bed.t.http,
    await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', feedback.body.data.id),
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

  const review = await request(bed.t.http)
    .post(`${V}/review-requests`)
    .set(b.auth)
    .send({ firstName: 'Zoé', lastName: p.lastName, phone: p.phone });
  expect(review.status).toBe(201);
  const reviewPage = new CustomerBrowser(
    bed.t.http,
    await linkSentFor(bed.t.app, 'REVIEW_REQUEST', review.body.data.id),
  );
  await reviewPage.submit('/unsubscribe', {}, `${reviewPage.path}/unsubscribe`);

  // Someone else's journey with vendor A refers this person, who sends a contact request.
  const other = await request(bed.t.http)
    .post(`${V}/customer-feedback-system`)
    .set(a.auth)
    .send({ customerName: 'Other Customer', email: `other.${p.tag}@customer.example` });
  const referrer = new CustomerBrowser(
    bed.t.http,
    await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', other.body.data.id),
  );
  await referrer.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
  await referrer.submit('/review', { happy: 'yes' });
  await referrer.submit('/review/confirm');
  await referrer.submit('/referrals/email', { email: p.email, friendName: p.name, referrerName: 'Other Customer' });
  const [{ id: invitationId }] = await bed.t.dataSource.query(`SELECT id FROM referrals WHERE friend_email = $1`, [
    p.email,
  ]);
  const invitation = new CustomerBrowser(bed.t.http, await linkSentFor(bed.t.app, 'REFERRAL_INVITATION', invitationId));
  await invitation.submit(
    '',
    { name: p.name, email: p.email, message: `Please call ${p.phone}` },
    `${invitation.path}?sent=1`,
  );

  const [{ id: madeId }] = await bed.t.dataSource.query(`SELECT id FROM referrals WHERE friend_email = $1`, [
    `friend.${p.tag}@friend.example`,
  ]);
  const friendPage = await linkSentFor(bed.t.app, 'REFERRAL_INVITATION', madeId);
  return { journey, reviewPage, invitation, friendPage, leadId: lead.body.data.id as number };
}

/** Every text and JSON column of every table, searched for each needle: where any was found. */
async function tracesOf(needles: string[]): Promise<string[]> {
  const columns: { table: string; column: string }[] = await bed.t.dataSource.query(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public'
        AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR data_type = 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const [{ n }] = await bed.t.dataSource.query(
        `SELECT count(*)::int AS n FROM "${table}" WHERE lower("${column}"::text) LIKE '%' || lower($1) || '%'`,
        [needle],
      );
      if (n > 0) found.push(`${table}.${column} holds ${needle}`);
    }
  }
  return found;
}

describe('Customer data rights (e2e)', () => {
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    [a, b] = [
      await bed.vendor({ features: [...VENDOR_FEATURES] }),
      await bed.vendor({ features: [...VENDOR_FEATURES] }),
    ];
    await configureReviewSites(bed.t.app, a.id);
    await configureReviewSites(bed.t.app, b.id);
    await bed.register(M, bed.manager, '/manager');
    await bed.register(V, a.auth, '/vendor-a');
  });

  it('exports every record holding the e-mail or phone, across vendors, by kind', async () => {
    const p = person();
    await personWithRecords(p, a, b);
    await outboxSettled();

    const byEmail = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email });
    expect(byEmail.status).toBe(200);
    const data = byEmail.body.data;
    expect(data.leads).toHaveLength(1);
    expect(data.leads[0]).toMatchObject({ vendorId: a.id, customerName: p.name, customerAddress: p.address });
    expect(data.reputationProcesses).toHaveLength(1);
    const [process] = data.reputationProcesses;
    expect(process).toMatchObject({ vendorId: a.id, email: p.email, phone: p.phone, state: 'COMPLETED' });
    expect(process.requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'FEEDBACK', name: p.name, rating: 5, comment: p.comment }),
        expect.objectContaining({ kind: 'REVIEW', confirmedAt: expect.any(String) }),
      ]),
    );
    expect(process.steps.map((s: { type: string }) => s.type)).toEqual(
      expect.arrayContaining(['FEEDBACK_ANSWERED', 'REVIEW_LINK_CLICKED', 'REVIEW_CONFIRMED', 'FRIEND_REFERRED']),
    );
    expect(process.steps.find((s: { type: string }) => s.type === 'REVIEW_LINK_CLICKED').platform).toBe('GOOGLE');
    expect(process.referrals).toEqual([
      expect.objectContaining({ channel: 'EMAIL', friendEmail: `friend.${p.tag}@friend.example` }),
    ]);
    expect(data.referrals).toEqual([expect.objectContaining({ friendEmail: p.email, vendorId: a.id })]);
    expect(data.contactRequests).toEqual([expect.objectContaining({ name: p.name, email: p.email })]);
    expect(data.messages.filter((m: { to: string }) => m.to === p.email).length).toBeGreaterThanOrEqual(3);
    expect(data.messages.some((m: { to: string; purpose?: string }) => m.to === `friend.${p.tag}@friend.example`)).toBe(
      true,
    );
    expect(data.messages[0]).toMatchObject({ direction: 'outbound', status: 'SENT', body: expect.any(String) });
    // Every message is one the service sent, from its own sender: `from` is null on each.
    for (const m of data.messages as { direction: string; from: string | null }[])
      expect(m).toMatchObject({ direction: 'outbound', from: null });
    expect(data.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['lead.assigned', 'lead.accepted', 'feedback_request.created', 'feedback.received']),
    );
    expect(data.optOuts).toEqual([]);

    const byPhone = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ phone: `+1 (${p.phone.slice(0, 3)}) ${p.phone.slice(4)}` });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.leads.map((l: { vendorId: number }) => l.vendorId).sort()).toEqual([a.id, b.id].sort());
    expect(byPhone.body.data.reputationProcesses.map((r: { vendorId: number }) => r.vendorId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(byPhone.body.data.optOuts).toEqual([expect.objectContaining({ vendorId: b.id, contact: p.phone })]);
    expect(byPhone.body.data.messages.some((m: { channel: string }) => m.channel === 'SMS')).toBe(true);
  });

  it('refuses a request naming no one, a malformed contact, and vendor tokens', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { phone: '12345' }, { email: 'a@b.example', extra: 1 }]) {
      for (const action of ['export', 'erase'])
        await request(bed.t.http).post(`${M}/customer-data/${action}`).set(bed.manager).send(body).expect(400);
    }
    for (const path of ['customer-data/export', 'customer-data/erase'])
      await request(bed.t.http).post(`${M}/${path}`).set(a.auth).send({ email: 'a@b.example' }).expect(403);
    await request(bed.t.http).get(`${M}/audit-log`).set(a.auth).expect(403);
  });

  it('erases the person everywhere in one call: no trace in any column, links gone, contacts suppressed, KPIs and webhooks unchanged', async () => {
    const p = person();
    const { journey, reviewPage, invitation, friendPage } = await personWithRecords(p, a, b);
    await outboxSettled();
    await webhooksSettled();
    const before = { a: await kpis(a), b: await kpis(b) };
    const heard = bed.receiver.received.length;
    const mailed = sink.received.length;

    const erased = await request(bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(bed.manager)
      .set('X-Request-Id', `erase-${p.tag}`)
      .send({ email: p.email, phone: p.phone });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toMatchObject({
      leads: 2,
      reputationProcesses: 2,
      feedbackRequests: 1,
      reviewRequests: 2,
      referrals: 2,
      referralConversions: 1,
      optOuts: 1,
    });
    expect(erased.body.data.messages).toBeGreaterThanOrEqual(5);
    expect(erased.body.data.events).toBeGreaterThan(0);
    expect(erased.body.data.webhookDeliveriesAlreadySent).toBeGreaterThan(0);
    expect(erased.body.data.idempotentAnswers).toBe(1);

    const again = await request(bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(bed.manager)
      .send({ email: p.email, phone: p.phone });
    expect(Object.values(again.body.data).every((n) => n === 0)).toBe(true);

    expect(await tracesOf([p.email, p.phone, p.phone.replace(/-/g, ''), p.lastName, p.address, p.comment])).toEqual([]);

    for (const page of [
      journey.path,
      reviewPage.path,
      invitation.path,
      new URL(friendPage).pathname,
      `${journey.path}/unsubscribe`,
    ]) {
      const res = await request(bed.t.http).get(page);
      expect({ page, status: res.status }).toEqual({ page, status: 410 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).not.toContain(a.entity.vendorName);
    }

    for (const [vendor, path, body] of [
      [a, 'customer-feedback-system', { customerName: 'Again', email: p.email }],
      [a, 'customer-feedback-system', { customerName: 'Again', phone: p.phone }],
      [b, 'review-requests', { firstName: 'Again', emailTo: p.email.toUpperCase(), phone: p.phone }],
    ] as const) {
      const res = await request(bed.t.http).post(`${V}/${path}`).set(vendor.auth).send(body);
      expect({ path, status: res.status }).toEqual({ path, status: 409 });
    }
    expect({ a: await kpis(a), b: await kpis(b) }).toEqual(before);

    // A marker event after the erasure: once it has arrived, anything the erasure sent would have too.
    const marker = await bed.vendor();
    await request(bed.t.http)
      .post(`${M}/vendors/${marker.id}/leads`)
      .set(bed.manager)
      .send({
        category: 'Marker',
        customerName: 'Marker',
        customerEmail: `marker.${p.tag}@customer.example`,
        projectDetailsHtml: '<p>m</p>',
        originalJobDescription: 'm',
      });
    await waitUntil(() => Promise.resolve(bed.receiver.received.length > heard));
    await webhooksSettled();
    expect(bed.receiver.received.slice(heard).map((r) => [r.event.type, r.event.vendorId])).toEqual([
      ['lead.assigned', marker.id],
    ]);
    expect(sink.received.length).toBe(mailed);

    // The feed shows an entry once every older transaction on the server has ended.
    let entry: unknown;
    await waitUntil(async () => {
      const audit = await request(bed.t.http).get(`${M}/audit-log`).query({ limit: 100 }).set(bed.manager);
      entry = audit.body.data.content.find((e: { requestId: string }) => e.requestId === `erase-${p.tag}`);
      return entry !== undefined;
    });
    expect(entry).toMatchObject({
      action: 'POST /customer-data/erase',
      target: { type: 'contact', id: expect.stringMatching(/^[0-9a-f]{64}$/) },
      fields: ['email', 'phone'],
    });
  });

  it('erases in one transaction: a failure part-way leaves every record as it was', async () => {
    const p = person();
    await personWithRecords(p, a, b);
    await outboxSettled();
    const exported = async (): Promise<{ reputationProcesses: { requests: { id: number }[] }[] }> =>
      (await request(bed.t.http).post(`${M}/customer-data/export`).set(bed.manager).send({ email: p.email })).body
        .data as { reputationProcesses: { requests: { id: number }[] }[] };
    const before = await exported();
    // The last table the erasure writes refuses it: everything written before must roll back.
    await bed.t.dataSource.query(`
      CREATE FUNCTION refuse_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await bed.t.dataSource.query(`
      CREATE TRIGGER refuse_erasure BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION refuse_erasure()`);
    try {
      const res = await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ email: p.email });
      expect(res.status).toBe(500);
    } finally {
      await bed.t.dataSource.query('DROP TRIGGER refuse_erasure ON idempotency_keys');
      await bed.t.dataSource.query('DROP FUNCTION refuse_erasure()');
    }
    // Messages may leave meanwhile (their status and time move on); everything else must be as it was.
    const unsent = (data: Awaited<ReturnType<typeof exported>>) => ({
      ...data,
      messages: (data as unknown as { messages: object[] }).messages.map((m) => ({ ...m, status: null, sentAt: null })),
    });
    expect(unsent(await exported())).toEqual(unsent(before));
    await request(bed.t.http)
      .get(
        new URL(await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', before.reputationProcesses[0].requests[0].id))
          .pathname,
      )
      .expect(200);
  });

  it('finds a person through indexes on the contact columns, never by reading a whole table', async () => {
    const p = person();
    await personWithRecords(p, a, b);
    const statements: [string, unknown[] | undefined][] = [];
    const logQuery = jest.spyOn(bed.t.dataSource.logger, 'logQuery').mockImplementation((query, parameters) => {
      if (/^\s*SELECT/i.test(query)) statements.push([query, parameters as unknown[] | undefined]);
    });
    try {
      await request(bed.t.http)
        .post(`${M}/customer-data/export`)
        .set(bed.manager)
        .send({ email: p.email, phone: p.phone })
        .expect(200);
    } finally {
      logQuery.mockRestore();
    }
    const contactStatements = statements.filter(([sql]) =>
      /FROM (leads|reputation_processes|referrals|referral_conversions|notification_outbox|events|contact_opt_outs)\b/.test(
        sql,
      ),
    );
    expect(contactStatements.length).toBeGreaterThanOrEqual(7);
    const used = new Set<string>();
    const runner = bed.t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // The tables of this test are small, where a sequential scan is cheapest; the question is whether an index serves.
      await runner.query('SET LOCAL enable_seqscan = off');
      for (const [sql, parameters] of contactStatements) {
        const nodes = planNodes(await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
        expect({
          sql,
          seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
        }).toEqual({
          sql,
          seqScans: [],
        });
        for (const node of nodes) if (node['Index Name']) used.add(node['Index Name']);
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect([...used]).toEqual(
      expect.arrayContaining([
        'idx_leads_customer_email',
        'idx_leads_customer_phone',
        'idx_reputation_processes_email',
        'idx_reputation_processes_phone',
        'idx_referrals_friend_email',
        'idx_referrals_friend_phone',
        'idx_referral_conversions_email',
        'idx_referral_conversions_phone',
        'idx_notification_outbox_recipient',
        'idx_events_lead',
        'idx_events_process',
      ]),
    );
  });
});
