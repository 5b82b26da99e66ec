// `npm run bench:lead-conversations`: a lead's conversation, on a scratch `test_` database.
// Writes: POST /general-leads/{id}/messages (an e-mail to the customer, queued in the outbox) beside
// POST /review-requests (another write that queues a message to a customer), alternated round by round
// over HTTP in this process; p50/p99 of each and their ratio.
// Reads: GET /general-leads/{id}/messages on a lead holding 1,000 messages among 20 other leads' as
// many, its first page and a page from the middle, and the plan of the page's statement (which index,
// how many rows it read for the page).
import request from 'supertest';
import { VENDOR_FEATURES } from '../src/auth/vendor-account';
import { LeadMessage } from '../src/lead-conversations/entities/lead-message.entity';
import { AutomationSettingsService } from '../src/automation-settings/automation-settings.service';
import { bearer, createLead, createVendor } from '../test/support/factories';
import { planNodes, rowsRead } from '../test/support/query-plan';
import { createTestApp } from '../test/support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { percentile } from './percentile';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const MESSAGES_ON_LEAD = 1_000;
const PAGE = 50;
const OTHER_LEADS = 20;
const DATABASE = `test_bench_conversations_${process.pid}`;
const V = '/rest-api-v1';

const p50p99 = (samples: number[]): [number, number] => {
  const sorted = [...samples].sort((a, b) => a - b);
  return [percentile(sorted, 50), percentile(sorted, 99)];
};
const line = (label: string, samples: number[]): string => {
  const [p50, p99] = p50p99(samples);
  return `${label.padEnd(34)} p50 ${p50.toFixed(2)} ms   p99 ${p99.toFixed(2)} ms   (${samples.length} requests)`;
};
async function timed(work: () => Promise<{ status: number }>, expected: number): Promise<number> {
  const started = process.hrtime.bigint();
  const { status } = await work();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (status !== expected) throw new Error(`answered ${status}, not ${expected}`);
  return ms;
}

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    NOTIFY_WORKER_ENABLED: 'false',
    WEBHOOK_WORKER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // One client writing as fast as it can: the per-account limit is not what is measured.
    RATE_LIMIT_MAX: '1000000',
  });
  const t = await createTestApp();
  try {
    const { vendor, token } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    // No quiet hours: every message leaves at once, whenever the benchmark runs.
    await t.app.get(AutomationSettingsService).update(vendor.id, { quietHoursStart: null, quietHoursEnd: null });
    const auth = bearer(token);
    const lead = await createLead(t.app, vendor.id, { customerEmail: 'customer@customer.example' });
    await request(t.http).post(`${V}/general-leads/${lead.id}/accept`).set(auth).expect(200);

    const messages: number[] = [];
    const reviews: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      messages.push(
        await timed(
          () =>
            request(t.http)
              .post(`${V}/general-leads/${lead.id}/messages`)
              .set(auth)
              .send({ channel: 'email', body: `When may we come by? (${round})` }),
          201,
        ),
      );
      reviews.push(
        await timed(
          () =>
            request(t.http)
              .post(`${V}/review-requests`)
              .set(auth)
              .send({ firstName: 'Jane', emailTo: `jane.${round}@customer.example` }),
          201,
        ),
      );
    }
    console.log(`writes, alternated, ${ROUNDS} rounds:`);
    console.log(line('POST …/messages (e-mail)', messages));
    console.log(line('POST /review-requests (e-mail)', reviews));
    const ratio = p50p99(messages)[0] / p50p99(reviews)[0];
    console.log(`p50 ratio messages / review requests: ${ratio.toFixed(2)}`);

    // The conversation grows to a thousand messages, both ways, interleaved with as many on each of
    // the vendor's other leads: a page is a range of its own lead's messages, not a walk past others'.
    const others = [];
    for (let i = 0; i < OTHER_LEADS; i++) others.push((await createLead(t.app, vendor.id)).id);
    const have = await t.dataSource.getRepository(LeadMessage).countBy({ leadId: lead.id });
    await t.dataSource.query(
      `INSERT INTO lead_messages (vendor_id, lead_id, direction, channel, body, at)
       SELECT $1, leads.ids[1 + n % array_length(leads.ids, 1)],
              CASE WHEN n % 2 = 0 THEN 'inbound' ELSE 'outbound' END::lead_message_direction, 'sms', 'Message ' || n, now()
         FROM (SELECT $2::bigint[] AS ids) AS leads,
              generate_series(1, $3::int * array_length($2::bigint[], 1)) AS n`,
      [vendor.id, [lead.id, ...others], MESSAGES_ON_LEAD],
    );
    await t.dataSource.query(
      'DELETE FROM lead_messages WHERE id IN (SELECT id FROM lead_messages WHERE lead_id = $1 ORDER BY id DESC LIMIT $2)',
      [lead.id, have],
    );
    await t.dataSource.query('VACUUM (ANALYZE) lead_messages');
    const ids = (
      await t.dataSource.query<{ id: string }[]>('SELECT id FROM lead_messages WHERE lead_id = $1 ORDER BY id', [
        lead.id,
      ])
    ).map((row) => Number(row.id));
    const middle = ids[MESSAGES_ON_LEAD / 2];
    const read = (after?: number) => () =>
      request(t.http)
        .get(`${V}/general-leads/${lead.id}/messages`)
        .query({ limit: PAGE, ...(after ? { after } : {}) })
        .set(auth);
    const first: number[] = [];
    const inside: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      first.push(await timed(read(), 200));
      inside.push(await timed(read(middle), 200));
    }
    console.log(`reads of ${PAGE} on a lead with ${ids.length} messages, ${ROUNDS} rounds:`);
    console.log(line('GET …/messages (first page)', first));
    console.log(line('GET …/messages (middle page)', inside));

    const plan = planNodes(
      await t.dataSource.query(
        // The statement of LeadMessagesRepository.page.
        `EXPLAIN (ANALYZE, FORMAT JSON)
         SELECT id, vendor_id, lead_id, direction, channel, body, at, send_after, unsubscribe_token FROM lead_messages
          WHERE lead_id = $1 AND id > $2 ORDER BY id ASC LIMIT $3`,
        [lead.id, middle, PAGE],
      ),
    );
    const scans = plan.filter((node) => node['Relation Name'] === 'lead_messages');
    console.log(
      `page plan: ${plan.map((node) => node['Node Type']).join(' > ')}; ` +
        `index ${scans.map((node) => node['Index Name']).join(', ')}; ` +
        `rows read ${scans.reduce((sum, node) => sum + rowsRead(node), 0)} for a page of ${PAGE}`,
    );
  } finally {
    await t.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
