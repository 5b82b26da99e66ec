import { randomUUID } from 'node:crypto';
import { RetentionPass } from '../../src/customer-data/retention-pass';
import { RETENTION_PASS_LOCK_KEY } from '../../src/database/advisory-locks';
import { PostLeadStatus } from '../../src/leads/entities/lead.entity';
import { LeadsService } from '../../src/leads/leads.service';
import { stopClock } from '../support/automation';
import { assertBuilt, runCli } from '../support/built-app';
import { createLead } from '../support/factories';
import { OwnDatabaseApp } from '../support/own-database-app';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(90_000);

const DAY_MS = 86_400_000;
const ERASED = '[erased]';

let bed: OwnDatabaseApp;
let vendorId: number;
let endpointId: number;
beforeAll(async () => {
  assertBuilt();
  // A database of its own: the pass removes whatever is old, whoever wrote it.
  bed = await OwnDatabaseApp.start('retention', { RETENTION_CLOSED_LEADS_DAYS: '60' });
  const vendor = await bed.vendor();
  vendorId = vendor.id;
  // A disabled endpoint: its deliveries are the test's rows, which no worker claims.
  endpointId = (await bed.register(V, vendor.auth, '/retained', ['ping'])).id;
  await bed.t.dataSource.query('UPDATE webhook_endpoints SET enabled = false WHERE id = $1', [endpointId]);
});
afterAll(() => bed?.close());

const query = <T = Record<string, unknown>>(sql: string, parameters: unknown[] = []): Promise<T[]> =>
  bed.t.dataSource.query(sql, parameters);

let subjectId = 0;
/** A message as the outbox holds it, created at `createdAt` (SQL); a PENDING one is not due for years. */
async function message(status: string, createdAt: string): Promise<number> {
  const [{ id }] = await query<{ id: number }>(
    `INSERT INTO notification_outbox (vendor_id, purpose, subject_id, channel, recipient, subject, text, html, message_key,
                                      status, created_at, next_attempt_at)
     VALUES ($1, 'REVIEW_REQUEST', $2, 'EMAIL', 'someone@customer.example', 'Your review', 'Hello Someone', '<p>Hello</p>', $3,
             $4, ${createdAt}, now() + interval '3000 days')
     RETURNING id`,
    [vendorId, ++subjectId, randomUUID(), status],
  );
  return id;
}

/** Texts received from a customer at `receivedAt` (SQL), as the webhook stores them; answers their ids. */
async function textsReceived(receivedAt: string, count: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    `INSERT INTO inbound_sms (sender, phone, recipient, body, kind, answer, received_at)
     SELECT '+14375550199', '437-555-0199', '+15005550006', 'Thanks, see you ' || n, 'REPLY', '<Response/>', ${receivedAt}
       FROM generate_series(1, $1) AS n
     RETURNING id`,
    [count],
  );
  return rows.map((row) => Number(row.id));
}

async function deliveries(status: string, createdAt: string, count: number): Promise<void> {
  await query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, status, created_at)
     SELECT $1, 'evt_' || n, 'lead.assigned', '{}', $2::webhook_delivery_status, ${createdAt}
       FROM generate_series(1, $3) AS n`,
    [endpointId, status, count],
  );
}

async function auditEntry(at: string): Promise<string> {
  const [{ id }] = await query<{ id: string }>(
    `INSERT INTO audit_log (tx_id, at, actor_type, action, target_type, fields)
     VALUES (pg_current_xact_id()::text::bigint, ${at}, 'cli', 'cli retention-test', 'test', '{}') RETURNING id::text AS id`,
  );
  return id;
}

const bodyOf = async (id: number) =>
  (
    await query<{ text: string; html: string | null }>('SELECT text, html FROM notification_outbox WHERE id = $1', [id])
  )[0];
const textBodies = async (ids: number[]) =>
  (await query<{ body: string }>('SELECT body FROM inbound_sms WHERE id = ANY($1) ORDER BY id', [ids])).map(
    (row) => row.body,
  );
/** Who sent these texts (one row per sender and phone). */
const textSenders = async (ids: number[]) =>
  query<{ sender: string; phone: string | null }>('SELECT DISTINCT sender, phone FROM inbound_sms WHERE id = ANY($1)', [
    ids,
  ]);
const conversationBodies = async (leadId: number) =>
  (await query<{ body: string }>('SELECT body FROM lead_messages WHERE lead_id = $1 ORDER BY id', [leadId])).map(
    (row) => row.body,
  );
const deliveriesLeft = async () =>
  (
    await query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId])
  )[0].n;
const leadOf = async (id: number) =>
  (
    await query<{ customerName: string; customerEmail: string | null }>(
      'SELECT customer_name AS "customerName", customer_email AS "customerEmail" FROM leads WHERE id = $1',
      [id],
    )
  )[0];
const auditIds = async () =>
  (await query<{ id: string }>('SELECT id::text AS id FROM audit_log ORDER BY id')).map((r) => r.id);

describe('The retention pass (e2e)', () => {
  it('removes only what is older than each window, as the injected clock moves, in transactions of at most 1,000 rows', async () => {
    const t0 = Date.now();
    const leads = bed.t.app.get(LeadsService);
    // Old: written now. Young: dated two days ahead, so each is one day inside its window when the
    // clock is one day past it for the old ones.
    const ahead = "now() + interval '2 days'";
    const oldSent = await message('SENT', 'now()');
    const oldFailed = await message('FAILED', 'now()');
    await query(
      `UPDATE notification_outbox SET last_error = 'The mail server answered: 552 Mailbox full' WHERE id = $1`,
      [oldFailed],
    );
    const waiting = await message('PENDING', 'now()');
    const youngSent = await message('SENT', ahead);
    const oldTexts = await textsReceived('now()', 1_500);
    const [youngText] = await textsReceived(ahead, 1);
    await deliveries('SUCCEEDED', 'now()', 2_400);
    await deliveries('FAILED', 'now()', 100);
    await deliveries('PENDING', 'now()', 3);
    await deliveries('SUCCEEDED', ahead, 2);
    const declined = await createLead(bed.t.app, vendorId, { customerName: 'Old Declined' });
    const won = await createLead(bed.t.app, vendorId, { customerName: 'Old Won' });
    const youngDeclined = await createLead(bed.t.app, vendorId, { customerName: 'Young Declined' });
    const open = await createLead(bed.t.app, vendorId, { customerName: 'Still Open' });
    await leads.decline(vendorId, declined.id, 'Too far');
    await leads.accept(vendorId, won.id);
    await leads.setPostLeadStatus(vendorId, won.id, PostLeadStatus.JobWon);
    await leads.decline(vendorId, youngDeclined.id, 'Too far');
    await query(`UPDATE leads SET action_date = ${ahead} WHERE id = $1`, [youngDeclined.id]);
    await leads.accept(vendorId, open.id);
    // A conversation on the open lead: an old message of the vendor's, and a young answer.
    await query(
      `INSERT INTO lead_messages (vendor_id, lead_id, direction, channel, body, at)
       VALUES ($1, $2, 'outbound', 'sms', 'When may we come by?', now()), ($1, $2, 'inbound', 'sms', 'Monday', ${ahead})`,
      [vendorId, open.id],
    );
    const oldAudit = (await auditIds()).length + 1;
    await auditEntry('now()');
    const youngAudit = await auditEntry(ahead);

    const moveClock = stopClock(bed.t.app, new Date(t0).toISOString());
    const passAt = async (days: number) => {
      moveClock(new Date(t0 + days * DAY_MS).toISOString());
      return bed.t.app.get(RetentionPass).run();
    };
    const nothing = {
      messageBodies: 0,
      webhookDeliveries: 0,
      closedLeads: 0,
      processes: 0,
      referralInvites: 0,
      consents: 0,
      auditEntries: 0,
      largestTransaction: 0,
    };

    expect(await passAt(29)).toEqual(nothing);
    expect(await deliveriesLeft()).toBe(2_505);

    // Past 30 days: the finished deliveries, 1,000 a transaction; PENDING ones stay.
    expect(await passAt(31)).toEqual({ ...nothing, webhookDeliveries: 2_500, largestTransaction: 1_000 });
    expect(await deliveriesLeft()).toBe(5);

    // Past 60 days: the closed leads' contact details, as an erasure removes them, and their events' copies.
    // One transaction: the 2 leads, their 5 events and their 2 alerts to the vendor.
    expect(await passAt(61)).toEqual({ ...nothing, webhookDeliveries: 2, closedLeads: 2, largestTransaction: 9 });
    expect(await leadOf(declined.id)).toEqual({ customerName: ERASED, customerEmail: null });
    expect(await leadOf(won.id)).toEqual({ customerName: ERASED, customerEmail: null });
    expect((await leadOf(youngDeclined.id)).customerName).toBe('Young Declined');
    expect((await leadOf(open.id)).customerName).toBe('Still Open');
    const copies = await query(
      `SELECT id FROM events WHERE data::text LIKE '%Old Declined%' OR data::text LIKE '%Old Won%'`,
    );
    expect(copies).toEqual([]);

    // Past 180 days: the bodies of messages that left or failed (these two, and the alerts of the two
    // leads still held), of the texts received, 1,000 a statement, and of the old message on the open
    // lead; one still waiting keeps its body.
    // The younger declined lead is past 60 days.
    expect(await passAt(181)).toEqual({
      ...nothing,
      messageBodies: 4 + 1_500 + 1,
      closedLeads: 1,
      largestTransaction: 1_000,
    });
    expect(await bodyOf(oldSent)).toEqual({ text: ERASED, html: null });
    expect(await bodyOf(oldFailed)).toEqual({ text: ERASED, html: null });
    // Its failure text goes with it.
    expect(await query('SELECT last_error AS "lastError" FROM notification_outbox WHERE id = $1', [oldFailed])).toEqual(
      [{ lastError: ERASED }],
    );
    expect(await bodyOf(waiting)).toEqual({ text: 'Hello Someone', html: '<p>Hello</p>' });
    expect(await bodyOf(youngSent)).toEqual({ text: 'Hello Someone', html: '<p>Hello</p>' });
    expect(new Set(await textBodies(oldTexts))).toEqual(new Set([ERASED]));
    expect(await textBodies([youngText])).toEqual(['Thanks, see you 1']);
    // The sender goes with the words: an old text keeps only when it came, to which number.
    expect(await textSenders(oldTexts)).toEqual([{ sender: ERASED, phone: null }]);
    expect(await textSenders([youngText])).toEqual([{ sender: '+14375550199', phone: '437-555-0199' }]);
    expect(await conversationBodies(open.id)).toEqual([ERASED, 'Monday']);

    // Past 730 days: the audit entries, which nothing but the pass may delete.
    const pass = await passAt(731);
    expect(pass).toMatchObject({ messageBodies: 3, auditEntries: oldAudit });
    expect(await textBodies([youngText])).toEqual([ERASED]);
    expect(await conversationBodies(open.id)).toEqual([ERASED, ERASED]);
    expect(await auditIds()).toEqual([youngAudit]);
    await expect(query('DELETE FROM audit_log WHERE id = $1', [youngAudit])).rejects.toThrow(/append-only/);
    await expect(query(`UPDATE audit_log SET action = 'x' WHERE id = $1`, [youngAudit])).rejects.toThrow(/append-only/);
    expect(await auditIds()).toEqual([youngAudit]);
  });

  it('runs once at a time: a pass started while another holds the lock does nothing', async () => {
    const old = await auditEntry("now() - interval '800 days'");
    const holder = bed.t.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query('SELECT pg_advisory_xact_lock($1)', [RETENTION_PASS_LOCK_KEY]);
      expect(await bed.t.app.get(RetentionPass).run()).toBeUndefined();
      const cli = await runCli(['retention']);
      expect(cli).toMatchObject({ code: 1, stdout: '' });
      expect(cli.stderr).toMatch(/Another retention pass is running/);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await auditIds()).toContain(old);
  });

  it('runs now from the CLI, which prints what it removed', async () => {
    const sent = await message('SENT', "now() - interval '200 days'");
    // The walk stops at the first text younger than the window (ids grow with time): the first test's
    // texts, dated now, would end it before this older one, written after them.
    await query('DELETE FROM inbound_sms');
    const texts = await textsReceived("now() - interval '200 days'", 1);
    await deliveries('FAILED', "now() - interval '40 days'", 3);
    const entry = await auditEntry("now() - interval '800 days'");

    const cli = await runCli(['retention']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({
      messageBodies: 2,
      webhookDeliveries: 3,
      closedLeads: 0,
      processes: 0,
      referralInvites: 0,
      consents: 0,
      // The entry the previous test left, and this one.
      auditEntries: 2,
      largestTransaction: 3,
    });
    expect(await bodyOf(sent)).toEqual({ text: ERASED, html: null });
    expect(await textBodies(texts)).toEqual([ERASED]);
    expect(await auditIds()).not.toContain(entry);
  });
});
