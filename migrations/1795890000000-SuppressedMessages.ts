import { MigrationInterface, QueryRunner } from 'typeorm';

const FAILURE_UPDATE_TRIGGER = `
  CREATE TRIGGER "notification_outbox_failure_update" AFTER UPDATE OF status ON "notification_outbox"
    FOR EACH ROW WHEN (NEW.purpose IN ('REFERRAL_REQUEST') AND OLD.status IS DISTINCT FROM NEW.status
                       AND 'FAILED' IN (OLD.status, NEW.status))
    EXECUTE FUNCTION "notification_failure_changes_count"()`;

/**
 * A message not sent because no basis of consent was in force when it was to leave is `SUPPRESSED`
 * (docs/contract.md#consent), not `FAILED`: it was never a delivery, so the KPIs' failed messages and the
 * delivery metrics leave it out.
 */
export class SuppressedMessages1795890000000 implements MigrationInterface {
  name = 'SuppressedMessages1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "public"."notification_status" ADD VALUE 'SUPPRESSED'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "notification_outbox" SET "status" = 'FAILED' WHERE "status" = 'SUPPRESSED'`);
    // An enum value cannot be dropped: the type is made again without it, with what reads the column.
    await queryRunner.query(`DROP TRIGGER "notification_outbox_failure_update" ON "notification_outbox"`);
    await queryRunner.query(`DROP INDEX "public"."idx_notification_outbox_due"`);
    await queryRunner.query(`DROP INDEX "public"."idx_notification_outbox_vendor_failed"`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ALTER COLUMN "status" DROP DEFAULT`);
    await queryRunner.query(`ALTER TYPE "public"."notification_status" RENAME TO "notification_status_old"`);
    await queryRunner.query(`CREATE TYPE "public"."notification_status" AS ENUM('PENDING', 'SENT', 'FAILED')`);
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" ALTER COLUMN "status" TYPE "public"."notification_status" USING "status"::text::"public"."notification_status"`,
    );
    await queryRunner.query(`ALTER TABLE "notification_outbox" ALTER COLUMN "status" SET DEFAULT 'PENDING'`);
    await queryRunner.query(`DROP TYPE "public"."notification_status_old"`);
    await queryRunner.query(
      `CREATE INDEX "idx_notification_outbox_due" ON "notification_outbox" ("next_attempt_at", "id") WHERE "status" = 'PENDING'`,
    );
    await queryRunner.query(`
      CREATE INDEX "idx_notification_outbox_vendor_failed" ON "notification_outbox" ("vendor_id", "purpose")
        INCLUDE ("subject_id") WHERE "status" = 'FAILED'`);
    await queryRunner.query(FAILURE_UPDATE_TRIGGER);
  }
}
