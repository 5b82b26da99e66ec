// `npm run bench:floors`: the least CPU the parts of a review request can cost a Node process with the
// libraries the service uses, so that `bench:campaign`'s CPU per request can be read against what no
// code of ours can remove. Measured on one worker thread (its own CPU clock, so the receivers on the
// main thread are not counted), BENCH_FLOORS times each (default 3,000) with 10 in flight after a
// warm-up: one PostgreSQL round trip (a prepared `SELECT $1`) through `pg` and through TypeORM, the
// rendering of a French review request's e-mail and text, and, of messages rendered beforehand, one
// e-mail through the service's SMTP sender (nodemailer's pool) to an SMTP server on loopback and one
// text through its SMS sender (fetch) to the provider stand-in. Prints microseconds of CPU per operation.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { CountingSmsProvider, CountingSmtpSink } from './campaign/counting-receivers';
import { databaseUrl } from '../test/support/test-database';
import { type Operator, renderEmail, renderSms } from '../src/notifications/rendering/render-notification';
import type { MergeFields } from '../src/notifications/notification.types';
import type { OutgoingMessage } from '../src/notifications/delivery/message-sender';
import { SmtpEmailSender } from '../src/notifications/delivery/smtp-email.sender';
import { TwilioSmsSender } from '../src/notifications/delivery/twilio-sms.sender';

const COUNT = Number(process.env.BENCH_FLOORS ?? 3000);
const IN_FLIGHT = 10;
const WARM_UP = Math.min(500, COUNT);

interface Targets {
  databaseUrl: string;
  smtpUrl: string;
  smsBaseUrl: string;
}

type Floors = Record<string, number>;

/** Runs `operation` `count` times, IN_FLIGHT at a time, numbering them from `first`. */
async function repeat(operation: (n: number) => Promise<unknown>, first: number, count: number): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) await operation(first + next++);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

/** This thread's CPU, in µs, per operation, after a warm-up. */
async function cpuPerOperation(operation: (n: number) => Promise<unknown>): Promise<number> {
  await repeat(operation, 0, WARM_UP);
  const before = process.threadCpuUsage();
  await repeat(operation, WARM_UP, COUNT);
  const after = process.threadCpuUsage();
  return (after.user - before.user + after.system - before.system) / COUNT;
}

const OPERATOR: Operator = { name: 'Rénovo', mailingAddress: '1000 rue Sherbrooke O., Montréal QC', contact: null };

/** A customer of a vendor whose name has accents, as a Quebec campaign has them. */
const fieldsOf = (n: number): MergeFields => ({
  firstName: 'Amélie',
  vendorName: 'Rénovations Côté & Fils',
  link: `https://avis.example.test/r/${n.toString(36).padStart(22, 'x')}`,
  unsubscribeLink: `https://avis.example.test/u/${n.toString(36).padStart(22, 'y')}`,
  mailingAddress: '45 boul. Saint-Joseph E., Montréal QC',
  contact: '514-555-0142',
});

/** A rendered message of the channel, rendered once: the sends' floors leave rendering out (measured on its own). */
function renderedOnce(channel: 'EMAIL' | 'SMS'): (n: number) => OutgoingMessage {
  const fields = fieldsOf(0);
  const email = channel === 'EMAIL' ? renderEmail('REVIEW_REQUEST', fields, null, OPERATOR, 'fr') : null;
  const message: OutgoingMessage = {
    id: 0,
    channel,
    recipient: '514-555-0100',
    subject: email?.subject ?? null,
    text: email?.text ?? renderSms('REVIEW_REQUEST', fields, null, 'fr'),
    html: email?.html ?? null,
    unsubscribeUrl: channel === 'EMAIL' ? fields.unsubscribeLink : null,
    messageKey: '',
    fromName: channel === 'EMAIL' ? `${fields.vendorName} via ${OPERATOR.name}` : null,
    replyTo: null,
    sender: null,
  };
  return (n) => ({
    ...message,
    id: n,
    recipient: channel === 'EMAIL' ? `client${n}@example.test` : message.recipient,
    messageKey: `floor-${channel}-${n}`,
  });
}

async function measure({ databaseUrl: url, smtpUrl, smsBaseUrl }: Targets): Promise<Floors> {
  const pool = new Pool({ connectionString: url, max: IN_FLIGHT });
  const dataSource = await new DataSource({ type: 'postgres', url, poolSize: IN_FLIGHT }).initialize();
  const email = new SmtpEmailSender({
    smtpUrl,
    mailFrom: 'Rénovo <avis@example.test>',
    sendTimeoutMs: 10_000,
    connections: IN_FLIGHT,
  });
  const sms = new TwilioSmsSender({
    apiBaseUrl: smsBaseUrl,
    accountSid: 'ACfloors',
    authToken: 'floors',
    from: '+15145550199',
    sendTimeoutMs: 10_000,
  });
  const [anEmail, aText] = [renderedOnce('EMAIL'), renderedOnce('SMS')];
  try {
    const roundTrip = { name: 'floor_round_trip', text: 'SELECT $1::int AS n' };
    return {
      'PostgreSQL round trip (pg)': await cpuPerOperation((n) => pool.query({ ...roundTrip, values: [n] })),
      'PostgreSQL round trip (TypeORM)': await cpuPerOperation((n) => dataSource.query('SELECT $1::int AS n', [n])),
      'render e-mail and text': await cpuPerOperation((n) => {
        const fields = fieldsOf(n);
        return Promise.resolve([
          renderEmail('REVIEW_REQUEST', fields, null, OPERATOR, 'fr'),
          renderSms('REVIEW_REQUEST', fields, null, 'fr'),
        ]);
      }),
      'send e-mail (SMTP pool)': await cpuPerOperation((n) => email.send(anEmail(n))),
      'send text (HTTP)': await cpuPerOperation((n) => sms.send(aText(n))),
    };
  } finally {
    email.onApplicationShutdown();
    await dataSource.destroy();
    await pool.end();
  }
}

async function main(): Promise<void> {
  const smtp = new CountingSmtpSink();
  const provider = new CountingSmsProvider();
  await Promise.all([smtp.start(), provider.start()]);
  const targets: Targets = { databaseUrl: databaseUrl('postgres'), smtpUrl: smtp.url, smsBaseUrl: provider.baseUrl };
  try {
    const floors = await new Promise<Floors>((resolve, reject) => {
      const worker = new Worker(__filename, { workerData: targets });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the measuring thread exited with ${code}`)));
    });
    console.log(`CPU per operation, µs (${COUNT} each, ${IN_FLIGHT} in flight, one thread):`);
    for (const [operation, micros] of Object.entries(floors))
      console.log(`  ${operation.padEnd(34)} ${micros.toFixed(0)}`);
    const delivered = smtp.arrivals.length + provider.arrivals.length;
    console.log(`messages received: ${smtp.arrivals.length} e-mails, ${provider.arrivals.length} texts (${delivered})`);
  } finally {
    await Promise.all([smtp.stop(), provider.stop()]);
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  // A rejection ends the thread with an 'error' event in the main thread.
  void measure(workerData as Targets).then((floors) => parentPort!.postMessage(floors));
}
