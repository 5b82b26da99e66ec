import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { type AddressInfo, createServer } from 'node:net';
import { waitUntil } from '../support/net';
import { linkSentFor } from '../support/outbox';
import { e164, text } from '../support/sms-inbound';
import type { SmtpSink } from '../support/smtp-sink';
import { type Account, type OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(90_000);

describe('Customer data rights: erasure (e2e)', () => {
  const { state, person, outboxSettled, webhooksSettled, assignLead, kpis, personWithRecords, tracesOf } =
    useCustomerDataBed('customer_data_erasure');
  let bed: OwnDatabaseApp;
  let a: Account;
  let b: Account;
  let sink: SmtpSink;
  beforeAll(() => {
    ({ bed, a, b, sink } = state);
  });

  it('erases the person everywhere in one call: no trace in any column, links gone, contacts suppressed, KPIs and webhooks unchanged', async () => {
    const p = person();
    const { journey, reviewPage, invitation, friendPage, leadId, referralLeadId } = await personWithRecords(p, a, b);
    await outboxSettled();
    // A reply stored on the process that texted the phone last (its body on the feed and webhooks), and
    // a text no process took.
    await text(bed.t.http, e164(p.phone), `Merci, ${p.lastName}`).expect(200);
    await text(bed.t.http, e164(p.phone), `Allo? ${p.lastName}`, { to: '+15005550199' }).expect(200);
    const [{ processId, vendorId }] = await bed.t.dataSource.query(
      `SELECT process_id AS "processId", vendor_id AS "vendorId" FROM inbound_sms WHERE body = $1`,
      [`Merci, ${p.lastName}`],
    );
    expect(processId).not.toBeNull();
    const owner = [a, b].find((vendor) => vendor.id === vendorId)!;
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
      // Vendor A's two (assigned; their referral's contact request) and vendor B's.
      leads: 3,
      // The vendor's message on A's lead.
      leadMessages: 1,
      // The friend's lead their referral brought, which named them.
      referredLeads: 1,
      reputationProcesses: 2,
      feedbackRequests: 1,
      reviewRequests: 2,
      referrals: 2,
      // Theirs, and the referred friend’s, whose words named them.
      referralConversions: 2,
      // The reply on the process and the text no process took.
      inboundMessages: 2,
      optOuts: 1,
    });
    expect(erased.body.data.messages).toBeGreaterThanOrEqual(5);
    expect(erased.body.data.events).toBeGreaterThan(0);
    expect(erased.body.data.webhookDeliveriesAlreadySent).toBeGreaterThan(0);
    // A's lead (e-mail and phone) and B's review request (the phone alone).
    expect(erased.body.data.idempotentAnswers).toBe(2);

    const again = await request(bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(bed.manager)
      .send({ email: p.email, phone: p.phone });
    expect(Object.values(again.body.data).every((n) => n === 0)).toBe(true);

    expect(await tracesOf([p.email, p.phone, p.phone.replace(/-/g, ''), p.lastName, p.address, p.comment])).toEqual([]);
    // The managers' inbox and the process's conversation keep the texts, with nothing of the person.
    const inbox = await request(bed.t.http).get(`${M}/inbound-messages?limit=100`).set(bed.manager).expect(200);
    const conversation = await request(bed.t.http)
      .get(`${V}/reputation-process/${processId}/messages`)
      .set(owner.auth)
      .expect(200);
    for (const answer of [inbox.text, conversation.text])
      for (const value of [p.phone, p.phone.replace(/-/g, ''), p.lastName]) expect(answer).not.toContain(value);
    expect(conversation.body.data).toContainEqual(expect.objectContaining({ direction: 'inbound', body: '[erased]' }));

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
    const after = bed.receiver.received.slice(heard);
    expect(
      after.filter((r) => r.event.type !== 'customer.erased').map((r) => [r.event.type, r.event.vendorId]),
    ).toEqual([['lead.assigned', marker.id]]);
    // Each vendor concerned is told, with its own ids and no contact: A on its endpoint and the manager's, B on the manager's.
    const told = after.filter((r) => r.event.type === 'customer.erased');
    expect(told.map((r) => r.event.vendorId).sort()).toEqual([a.id, a.id, b.id].sort());
    expect(told.find((r) => r.event.vendorId === a.id)!.event.data).toEqual({
      leadIds: [leadId, referralLeadId].sort((x, y) => x - y),
      processIds: [expect.any(Number)],
      erasedAt: expect.any(String),
    });
    for (const r of told) expect(JSON.stringify(r.event)).not.toMatch(new RegExp(`${p.tag}|${p.phone}`, 'i'));
    // Nothing was mailed since the erasure but the marker lead's alert to its vendor, if it has left yet.
    expect(sink.received.slice(mailed).filter((mail) => !mail.to.includes(marker.entity.email))).toEqual([]);

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

  it('counts as already sent only the deliveries that reached a receiver, not those no receiver answered', async () => {
    const p = person();
    const c = await bed.vendor();
    // Vendor C's endpoint is a port that drops every connection at once: no receiver ever answers it.
    const dropping = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const nobody = await request(bed.t.http)
        .post(`${V}/webhook-endpoints`)
        .set(c.auth)
        .send({ url: `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/nobody`, events: ['*'] })
        .expect(201);
      await assignLead(c.id, { customerName: p.name, customerEmail: p.email });
      // lead.assigned to the manager's endpoint (delivered) and to C's (tried, dropped).
      await waitUntil(async () => {
        const [{ delivered, tried }] = await bed.t.dataSource.query(
          `SELECT count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS delivered,
                count(*) FILTER (WHERE status <> 'SUCCEEDED' AND attempts > 0)::int AS tried
           FROM webhook_deliveries WHERE event_type = 'lead.assigned' AND body LIKE '%' || $1 || '%'`,
          [p.tag],
        );
        return delivered === 1 && tried === 1;
      });
      const erased = await request(bed.t.http)
        .post(`${M}/customer-data/erase`)
        .set(bed.manager)
        .send({ email: p.email });
      expect(erased.status).toBe(200);
      expect(erased.body.data).toMatchObject({ leads: 1, webhookDeliveries: 2, webhookDeliveriesAlreadySent: 1 });
      // Removed with its deliveries, which would otherwise wait for ever (webhooksSettled).
      await request(bed.t.http).delete(`${V}/webhook-endpoints/${nobody.body.data.id}`).set(c.auth).expect(200);
    } finally {
      dropping.close();
    }
  });

  it('vacuums the tables the erasure changed before it answers (old row versions gone), and no other', async () => {
    const p = person();
    await assignLead(a.id, { customerName: p.name, customerEmail: p.email }, `vacuum-${p.tag}`);
    await webhooksSettled();
    const changed = ['leads', 'events', 'webhook_deliveries', 'idempotency_keys'];
    // Nothing of the person is in these: the erasure leaves them alone.
    const untouched = ['inbound_sms', 'referral_conversions', 'vendors'];
    const vacuums = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (
          await bed.t.dataSource.query<{ table: string; n: number }[]>(
            `SELECT relname AS table, vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = ANY($1)`,
            [[...changed, ...untouched]],
          )
        ).map(({ table, n }) => [table, n]),
      );
    const before = await vacuums();
    await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ email: p.email }).expect(200);
    expect(await vacuums()).toEqual({
      ...before,
      ...Object.fromEntries(changed.map((table) => [table, before[table] + 1])),
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
});
