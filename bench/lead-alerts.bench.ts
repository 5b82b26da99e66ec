// `npm run bench:lead-alerts`: how soon a lead's alert leaves the outbox (docs/contract.md#speed-to-lead) while leads are
// assigned at a steady rate. A scratch `test_` database, a real SMTP server (test/support/smtp-sink)
// and the SMS provider stand-in (test/support/sms-provider-stub); the app runs in this process with its
// delivery worker on, as deployed (NOTIFY_POLL_INTERVAL_MS at its default: a commit wakes the worker).
// Ten vendors have e-mail and SMS alerts on; BENCH_RATE assignments a minute (default 200) go through
// POST /rest-manager-api-v1/vendors/{id}/leads for BENCH_DURATION seconds (default 60). Each message's
// time in the outbox is sent_at - created_at (queued in the assignment's transaction, handed to the
// provider); prints p50, p99 and max per channel.
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { LeadAlertSettingsService } from '../src/lead-alerts/lead-alert-settings.service';
import { createAdmin, bearer, createVendor } from '../test/support/factories';
import { SmsProviderStub } from '../test/support/sms-provider-stub';
import { SmtpSink } from '../test/support/smtp-sink';
import { createTestApp } from '../test/support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { percentile } from './percentile';

const RATE_PER_MINUTE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const VENDORS = 10;
const DATABASE = `test_bench_lead_alerts_${process.pid}`;

/**
 * The assignments went out at the rate asked, not in a burst: their transactions (the alerts'
 * created_at) span most of the run. Otherwise the figures measure a backlog, not the wake-up.
 */
async function assertSpread(dataSource: DataSource, expectedMs: number): Promise<void> {
  const [{ spanMs }]: { spanMs: number }[] = await dataSource.query(
    `SELECT extract(epoch FROM max(created_at) - min(created_at))::float8 * 1000 AS "spanMs"
       FROM notification_outbox WHERE purpose = 'LEAD_ALERT'`,
  );
  if (spanMs < 0.9 * expectedMs) {
    throw new Error(
      `The assignments span ${spanMs.toFixed(0)} ms instead of ${expectedMs.toFixed(0)} ms: not at the rate asked.`,
    );
  }
}

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  const [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    SMTP_URL: sink.url,
    MAIL_FROM: 'Leads <leads@mail.test>',
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'AC0123456789',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    NOTIFY_WORKER_ENABLED: 'true',
    LOG_LEVEL: 'warn',
  });
  const t = await createTestApp();
  try {
    const manager = (await createAdmin(t.app)).token;
    const vendorIds: number[] = [];
    for (let i = 0; i < VENDORS; i++) {
      const { vendor } = await createVendor(t.app);
      await t.app
        .get(LeadAlertSettingsService)
        .replace(vendor.id, { smsEnabled: true, phone: `416-555-${String(1000 + i)}` });
      vendorIds.push(vendor.id);
    }

    const total = Math.round((RATE_PER_MINUTE * DURATION_S) / 60);
    const gapMs = 60_000 / RATE_PER_MINUTE;
    const started = Date.now();
    const assignments: Promise<unknown>[] = [];
    for (let n = 0; n < total; n++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + n * gapMs - Date.now())));
      assignments.push(
        request(t.http)
          .post(`/rest-manager-api-v1/vendors/${vendorIds[n % VENDORS]}/leads`)
          .set(bearer(manager))
          .send({
            category: 'Roofing',
            customerName: 'Pat Homeowner',
            customerPhone: '647-555-0199',
            projectDetailsHtml: '<p>Roof</p>',
            originalJobDescription: 'Shingles blown off in the storm, about 300 sq ft to redo before the rain.',
          })
          .expect(201)
          // then() sends it now: a supertest request is only sent once something awaits it.
          .then(() => undefined),
      );
    }
    await Promise.all(assignments);
    await assertSpread(t.dataSource, (total - 1) * gapMs);
    for (;;) {
      const [{ pending }]: { pending: number }[] = await t.dataSource.query(
        `SELECT count(*)::int AS pending FROM notification_outbox WHERE status = 'PENDING'`,
      );
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const rows: { channel: string; ms: number; status: string }[] = await t.dataSource.query(
      `SELECT channel, status, extract(epoch FROM sent_at - created_at)::float8 * 1000 AS ms
       FROM notification_outbox WHERE purpose = 'LEAD_ALERT'`,
    );
    console.log(
      `${total} assignments at ${RATE_PER_MINUTE}/min over ${DURATION_S} s to ${VENDORS} vendors (e-mail and SMS each)`,
    );
    for (const channel of ['EMAIL', 'SMS']) {
      const ms = rows
        .filter((row) => row.channel === channel && row.status === 'SENT')
        .map((row) => row.ms)
        .sort((a, b) => a - b);
      const failed = rows.filter((row) => row.channel === channel && row.status !== 'SENT').length;
      console.log(
        `${channel.padEnd(5)} ${ms.length} sent, ${failed} not sent; time in the outbox: ` +
          `p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms`,
      );
    }
    console.log(`received: ${sink.received.length} e-mails, ${sms.messages.length} SMS`);
  } finally {
    await t.close();
    await Promise.all([sink.stop(), sms.close()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

void main();
