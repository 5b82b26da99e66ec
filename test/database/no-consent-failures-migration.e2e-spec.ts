import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { NoConsentFailuresSuppressed1795920000000 } from '../../migrations/1795920000000-NoConsentFailuresSuppressed';
import { dataSourceOptions } from '../../src/database/data-source.options';
import { adminQuery, assertTestDatabase, databaseUrl } from '../support/test-database';

jest.setTimeout(120_000);

/**
 * Messages kept back for want of consent while they were still marked FAILED (NO_CONSENT) become
 * SUPPRESSED when the migration runs over a database that holds them; real failures stay failures,
 * and the referral KPIs' count of changes to failed messages moves with them.
 */
describe('Earlier NO_CONSENT failures become SUPPRESSED (e2e)', () => {
  const database = `${process.env.E2E_DATABASE_NAME}_no_consent`;
  const connect = (migrations: typeof MIGRATIONS) =>
    new DataSource({
      ...dataSourceOptions({ url: databaseUrl(database), poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 }),
      migrations,
    }).initialize();

  beforeAll(async () => {
    assertTestDatabase(database);
    await adminQuery(`CREATE DATABASE ${database}`);
  });
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

  it('turns FAILED NO_CONSENT rows into SUPPRESSED ones and leaves every other row as it was', async () => {
    const at = MIGRATIONS.indexOf(NoConsentFailuresSuppressed1795920000000);
    const before = MIGRATIONS.slice(0, at);
    const earlier = await connect(before);
    await earlier.runMigrations();
    await earlier.query(
      `INSERT INTO vendors (id, vendor_name, email, city_name, province_name)
       VALUES (1, 'Toitures Élan', 'elan@example.com', 'Montréal', 'QC')`,
    );
    await earlier.query(
      `INSERT INTO notification_outbox
         (vendor_id, purpose, subject_id, channel, recipient, text, message_key, status, last_error_code)
       VALUES (1, 'REFERRAL_REQUEST', 1, 'EMAIL', 'a@example.com', 't', gen_random_uuid(), 'FAILED', 'NO_CONSENT'),
              (1, 'REFERRAL_REQUEST', 2, 'EMAIL', 'b@example.com', 't', gen_random_uuid(), 'FAILED', 'REFUSED'),
              (1, 'REFERRAL_REQUEST', 3, 'EMAIL', 'c@example.com', 't', gen_random_uuid(), 'PENDING', NULL)`,
    );
    const changes = async (source: DataSource): Promise<number> =>
      Number((await source.query(`SELECT changes FROM notification_failure_changes WHERE vendor_id = 1`))[0].changes);
    const changesBefore = await changes(earlier);
    await earlier.destroy();

    // Up to the migration under test: later ones are not this test's.
    const current = await connect(MIGRATIONS.slice(0, at + 1));
    try {
      expect((await current.runMigrations()).map((m) => m.name)).toEqual([
        NoConsentFailuresSuppressed1795920000000.name,
      ]);
      const rows = await current.query(
        `SELECT subject_id::int AS subject, status, last_error_code AS code FROM notification_outbox ORDER BY subject_id`,
      );
      expect(rows).toEqual([
        { subject: 1, status: 'SUPPRESSED', code: 'NO_CONSENT' },
        { subject: 2, status: 'FAILED', code: 'REFUSED' },
        { subject: 3, status: 'PENDING', code: null },
      ]);
      expect(await changes(current)).toBe(changesBefore + 1);
    } finally {
      await current.destroy();
    }
  });
});
