import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { SHARED_SENDER, e164, text } from '../support/sms-inbound';
import { type Account, type OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(90_000);

describe('Customer data rights: export, refusals and indexes (e2e)', () => {
  const { state, person, outboxSettled, webhooksSettled, personWithRecords } =
    useCustomerDataBed('customer_data_export');
  let bed: OwnDatabaseApp;
  let a: Account;
  let b: Account;
  beforeAll(() => {
    ({ bed, a, b } = state);
  });

  it('exports every record holding the e-mail or phone, across vendors, by kind', async () => {
    const p = person();
    await personWithRecords(p, a, b);
    await outboxSettled();
    // A reply to the process that texted the phone last (B's review request, or A's feedback request
    // when the unsubscribe withdrew B's SMS before it left), and a text to a number no vendor owns.
    await text(bed.t.http, e164(p.phone), `Merci ${p.tag}`).expect(200);
    await text(bed.t.http, e164(p.phone), `Allo ${p.tag}`, { to: '+15005550199' }).expect(200);
    const [{ replyVendorId }] = await bed.t.dataSource.query(
      `SELECT vendor_id AS "replyVendorId" FROM inbound_sms WHERE body = $1`,
      [`Merci ${p.tag}`],
    );

    // The e-mail alone, without the contacts written on its records: what holds the e-mail.
    const byEmail = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email, includeLinked: false });
    expect(byEmail.status).toBe(200);
    const data = byEmail.body.data;
    // The lead assigned to vendor A, and the one their contact request on a referral became.
    expect(data.leads).toHaveLength(2);
    expect(data.leads[0]).toMatchObject({ vendorId: a.id, customerName: p.name, customerAddress: p.address });
    expect(data.leads[0].messages).toEqual([
      {
        id: expect.any(Number),
        direction: 'outbound',
        channel: 'email',
        body: `Hello ${p.name}, may we call you at ${p.phone}?`,
        at: expect.any(String),
      },
    ]);
    expect(data.leads[1].messages).toEqual([]);
    expect(data.leads[1]).toMatchObject({ vendorId: a.id, customerName: p.name, category: 'Referral' });
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
    expect(data.messages[0]).toMatchObject({
      direction: 'outbound',
      status: 'SENT',
      body: expect.any(String),
      lastError: null,
    });
    // A message the service sent has no `from`; one received (a reply on A's process) the phone.
    for (const m of data.messages as { direction: string; from: string | null }[])
      expect(m.from).toBe(m.direction === 'outbound' ? null : e164(p.phone));
    expect(data.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['lead.assigned', 'lead.accepted', 'feedback_request.created', 'feedback.received']),
    );
    expect(data.optOuts).toEqual([]);
    // With the linked contacts (the default), the phone on A's lead finds B's phone-only lead and request.
    const linked = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email });
    expect(linked.body.data.leads.map((l: { vendorId: number }) => l.vendorId).sort()).toEqual(
      [a.id, a.id, b.id].sort(),
    );
    expect(linked.body.data.reputationProcesses).toHaveLength(2);

    const byPhone = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ phone: `+1 (${p.phone.slice(0, 3)}) ${p.phone.slice(4)}` });
    expect(byPhone.status).toBe(200);
    // The phone's leads, and through the e-mail on A's, the lead of the contact request.
    expect(byPhone.body.data.leads.map((l: { vendorId: number }) => l.vendorId).sort()).toEqual(
      [a.id, a.id, b.id].sort(),
    );
    expect(byPhone.body.data.reputationProcesses.map((r: { vendorId: number }) => r.vendorId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(byPhone.body.data.optOuts).toEqual([expect.objectContaining({ vendorId: b.id, contact: p.phone })]);
    expect(byPhone.body.data.messages.some((m: { channel: string }) => m.channel === 'SMS')).toBe(true);
    const received = {
      direction: 'inbound',
      channel: 'SMS',
      from: e164(p.phone),
      subject: null,
      status: 'RECEIVED',
      lastError: null,
    };
    expect(byPhone.body.data.messages.filter((m: { direction: string }) => m.direction === 'inbound')).toEqual([
      {
        ...received,
        id: expect.any(Number),
        vendorId: replyVendorId,
        to: SHARED_SENDER,
        body: `Merci ${p.tag}`,
        createdAt: expect.any(String),
        sentAt: null,
      },
      {
        ...received,
        id: expect.any(Number),
        vendorId: null,
        to: '+15005550199',
        body: `Allo ${p.tag}`,
        createdAt: expect.any(String),
        sentAt: null,
      },
    ]);
  });

  it('names the webhook endpoints the person’s events reached, of which account, how many times and when last', async () => {
    const p = person();
    const lead = await request(bed.t.http).post(`${M}/vendors/${a.id}/leads`).set(bed.manager).send({
      category: 'Plumbing',
      customerName: p.name,
      customerEmail: p.email,
      projectDetailsHtml: '<p>Sink</p>',
      originalJobDescription: 'Sink',
    });
    expect(lead.status).toBe(201);
    await request(bed.t.http).post(`${V}/general-leads/${lead.body.data.id}/accept`).set(a.auth).expect(200);
    await webhooksSettled();
    // The endpoints the bed registered: the manager's (every vendor's events) and vendor A's.
    const endpoints = await bed.t.dataSource.query<
      { endpointId: number; accountType: string; accountId: number; url: string }[]
    >(
      `SELECT id AS "endpointId", account_type AS "accountType", account_id AS "accountId", url FROM webhook_endpoints ORDER BY id`,
    );
    expect(endpoints.map((endpoint) => endpoint.accountType)).toEqual(['manager', 'vendor']);

    const exported = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email });
    expect(exported.status).toBe(200);
    // lead.assigned and lead.accepted, each delivered to both.
    expect(exported.body.data.recipients).toEqual(
      endpoints.map((endpoint) => ({ ...endpoint, deliveries: 2, lastSentAt: expect.any(String) })),
    );
    for (const recipient of exported.body.data.recipients as { lastSentAt: string }[])
      expect(Date.now() - Date.parse(recipient.lastSentAt)).toBeLessThan(60_000);
  });

  it('finds by e-mail alone the replies stored on the person’s processes', async () => {
    const p = person();
    const feedback = await request(bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .send({ customerName: p.name, email: p.email, phone: p.phone });
    expect(feedback.status).toBe(201);
    await outboxSettled();
    await text(bed.t.http, e164(p.phone), `Oui ${p.tag}`).expect(200);

    const byEmail = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email })
      .expect(200);
    expect(byEmail.body.data.messages.filter((m: { direction: string }) => m.direction === 'inbound')).toEqual([
      expect.objectContaining({ vendorId: a.id, from: e164(p.phone), to: SHARED_SENDER, body: `Oui ${p.tag}` }),
    ]);
  });
});
