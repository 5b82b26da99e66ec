import { MigrationInterface, QueryRunner } from 'typeorm';

/** The purposes whose failed subjects a remembered figure reads (the referral KPIs). */
const COUNTED = `('REFERRAL_REQUEST')`;

/**
 * Each vendor's count of changes to which of its messages of a counted purpose failed for good: a
 * message inserted or deleted, or its status moving into or out of FAILED. The set of subjects whose
 * messages all failed changes only with one of those, so a remembered figure that reads the set knows
 * it still holds by reading this number instead of the set.
 *
 * Row triggers whose WHEN conditions PostgreSQL checks before calling any function: a delivery's own
 * status changes (PENDING to SENT, a lease's attempts), and every message of another purpose, run
 * nothing. A referral request's messages are queued at the pace customers reach that step, so the
 * counter row is not one a campaign's transactions queue on.
 */
export class MessageFailureChanges1795750000000 implements MigrationInterface {
  name = 'MessageFailureChanges1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notification_failure_changes" ("vendor_id" integer PRIMARY KEY, "changes" bigint NOT NULL DEFAULT 0)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "notification_failure_changes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO notification_failure_changes AS counts (vendor_id, changes)
          VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.vendor_id ELSE NEW.vendor_id END, 1)
          ON CONFLICT (vendor_id) DO UPDATE SET changes = counts.changes + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "notification_outbox_failure_insert" AFTER INSERT ON "notification_outbox"
        FOR EACH ROW WHEN (NEW.purpose IN ${COUNTED}) EXECUTE FUNCTION "notification_failure_changes_count"()`);
    await queryRunner.query(`
      CREATE TRIGGER "notification_outbox_failure_update" AFTER UPDATE OF status ON "notification_outbox"
        FOR EACH ROW WHEN (NEW.purpose IN ${COUNTED} AND OLD.status IS DISTINCT FROM NEW.status
                           AND 'FAILED' IN (OLD.status, NEW.status))
        EXECUTE FUNCTION "notification_failure_changes_count"()`);
    await queryRunner.query(`
      CREATE TRIGGER "notification_outbox_failure_delete" AFTER DELETE ON "notification_outbox"
        FOR EACH ROW WHEN (OLD.purpose IN ${COUNTED}) EXECUTE FUNCTION "notification_failure_changes_count"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const operation of ['delete', 'update', 'insert']) {
      await queryRunner.query(`DROP TRIGGER "notification_outbox_failure_${operation}" ON "notification_outbox"`);
    }
    await queryRunner.query(`DROP FUNCTION "notification_failure_changes_count"()`);
    await queryRunner.query(`DROP TABLE "notification_failure_changes"`);
  }
}
