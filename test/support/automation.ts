import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AutomationSettingsValues } from '../../src/automation-settings/automation-settings';
import { AutomationSettingsService } from '../../src/automation-settings/automation-settings.service';
import { Clock } from '../../src/common/time/clock';
import { SmtpSink } from './smtp-sink';
import { TestApp, createTestApp } from './test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from './test-database';

/**
 * A database of the file's own, with its apps' outbox workers delivering e-mail to a real SMTP sink
 * (other files' workers would otherwise deliver these messages to the log).
 */
export class AutomationTestBed {
  sink!: SmtpSink;

  constructor(private readonly database: string) {
    assertTestDatabase(database);
  }

  async start(): Promise<void> {
    await adminQuery(`CREATE DATABASE ${this.database}`);
    this.sink = await SmtpSink.start();
  }

  async stop(): Promise<void> {
    await this.sink.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
  }

  /** An app instance on the file's database (configuration is read from the environment at boot). */
  boot(): Promise<TestApp> {
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl(this.database),
      SMTP_URL: this.sink.url,
      MAIL_FROM: 'reviews@operator.example',
      NOTIFY_WORKER_ENABLED: 'true',
      NOTIFY_POLL_INTERVAL_MS: '50',
    });
    return createTestApp();
  }
}

/** The app's clock, stopped at an instant the test moves. */
export function stopClock(app: INestApplicationContext, iso: string): (iso: string) => void {
  const now = jest.spyOn(app.get(Clock), 'now').mockReturnValue(new Date(iso));
  return (next) => now.mockReturnValue(new Date(next));
}

export const minutesAfter = (iso: string, minutes: number): string =>
  new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

/** Settings for the vendor; no quiet hours unless the test gives some. */
export function automate(
  app: INestApplicationContext,
  vendorId: number,
  settings: Partial<AutomationSettingsValues> = {},
): Promise<unknown> {
  return app
    .get(AutomationSettingsService)
    .update(vendorId, { quietHoursStart: null, quietHoursEnd: null, ...settings });
}

export interface ReminderRow {
  dueAt: Date;
  outcome: string | null;
}

export async function reminderOf(app: INestApplicationContext, processId: number): Promise<ReminderRow | undefined> {
  const rows: ReminderRow[] = await app
    .get(DataSource)
    .query('SELECT due_at AS "dueAt", outcome FROM process_reminders WHERE process_id = $1', [processId]);
  return rows[0];
}

/** Whether every message the outbox holds for the vendor has been handed to its provider (or given up). */
export async function outboxSettled(app: INestApplicationContext, vendorId: number): Promise<boolean> {
  const rows: { pending: string }[] = await app
    .get(DataSource)
    .query(`SELECT count(*) AS pending FROM notification_outbox WHERE vendor_id = $1 AND status = 'PENDING'`, [
      vendorId,
    ]);
  return Number(rows[0].pending) === 0;
}
