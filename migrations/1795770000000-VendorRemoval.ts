import { MigrationInterface, QueryRunner } from 'typeorm';

/** The rows whose triggers count: leads and messages, then the KPI sources (processes first, their children cascade). */
const COUNTED_ROWS = [
  'leads',
  'notification_outbox',
  'reputation_processes',
  'reputation_events',
  'feedback_requests',
  'referral_requests',
];

/** The KPI day rollups (the `KpiRollups` migration) and change counts (`KpiChanges`), written out. */
const KPI_COUNTS = [
  'reputation_event_days',
  'reputation_process_days',
  'feedback_request_days',
  'referral_request_days',
  'reputation_changes',
  'feedback_request_changes',
  'referral_request_changes',
];

/** The counts kept per vendor without a foreign key (one would lock the vendor's row at every count). */
const VENDOR_COUNTS = [...KPI_COUNTS.flatMap((table) => [table, `${table}_pending`]), 'notification_failure_changes'];

/**
 * `DELETE FROM vendors` removes a vendor with everything it holds, as its foreign keys' ON DELETE
 * CASCADE say, counts included. Before its row goes, a trigger deletes the vendor's counted rows, each
 * statement with its cascades and count triggers done at its end: the lead counts are written while
 * their foreign key still finds the vendor (in the vendor's own cascade it no longer would). Then it
 * deletes the vendor's KPI and failure counts, which have no foreign key, and the deltas those deletes
 * left pending, so that nothing of the vendor is folded back in at commit. The rest goes by cascade.
 */
export class VendorRemoval1795770000000 implements MigrationInterface {
  name = 'VendorRemoval1795770000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const deleteAll = (tables: string[]) =>
      tables.map((table) => `DELETE FROM ${table} WHERE vendor_id = OLD.id;`).join('\n        ');
    await queryRunner.query(`
      CREATE FUNCTION "vendor_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${deleteAll(COUNTED_ROWS)}
        ${deleteAll(VENDOR_COUNTS)}
        RETURN OLD;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "vendors_removal" BEFORE DELETE ON "vendors" FOR EACH ROW EXECUTE FUNCTION "vendor_removal"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "vendors_removal" ON "vendors"`);
    await queryRunner.query(`DROP FUNCTION "vendor_removal"()`);
  }
}
