import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead alerts go through the notification outbox (CONTRACT 13): two purposes for messages to the
 * vendor's own people, which carry no unsubscribe link.
 */
export class LeadAlertMessages1795640021486 implements MigrationInterface {
  name = 'LeadAlertMessages1795640021486';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Appending values needs no rewrite of the table or its indexes (PostgreSQL 12+ allows it in a transaction).
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" ADD VALUE 'LEAD_ALERT'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" ADD VALUE 'LEAD_REALERT'`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ALTER COLUMN "unsubscribe_url" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notification_outbox" WHERE "purpose" IN ('LEAD_ALERT', 'LEAD_REALERT')`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ALTER COLUMN "unsubscribe_url" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."uq_notification_outbox_subject_channel"`);
    await queryRunner.query(`DROP INDEX "public"."idx_notification_outbox_vendor_failed"`);
    await queryRunner.query(`
      CREATE TYPE "public"."notification_purpose_old" AS ENUM('FEEDBACK_REQUEST', 'REVIEW_REQUEST', 'REFERRAL_REQUEST',
        'REFERRAL_INVITATION', 'FEEDBACK_REMINDER', 'REVIEW_REMINDER')`);
    await queryRunner.query(`
      ALTER TABLE "notification_outbox" ALTER COLUMN "purpose"
      TYPE "public"."notification_purpose_old" USING "purpose"::"text"::"public"."notification_purpose_old"`);
    await queryRunner.query(`DROP TYPE "public"."notification_purpose"`);
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose_old" RENAME TO "notification_purpose"`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "uq_notification_outbox_subject_channel" ON "notification_outbox" ("purpose", "subject_id", "channel")`);
    await queryRunner.query(`
      CREATE INDEX "idx_notification_outbox_vendor_failed" ON "notification_outbox" ("vendor_id", "purpose")
        INCLUDE ("subject_id") WHERE "status" = 'FAILED'`);
  }
}
