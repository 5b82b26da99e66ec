import { MigrationInterface, QueryRunner } from 'typeorm';

/** One reminder per reputation process (CONTRACT 10), and the purposes of its messages. */
export class ProcessReminders1795500000001 implements MigrationInterface {
  name = 'ProcessReminders1795500000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Appending values needs no rewrite (PostgreSQL 12+ allows it in a transaction; nothing here uses them).
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" ADD VALUE 'FEEDBACK_REMINDER'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" ADD VALUE 'REVIEW_REMINDER'`);
    await queryRunner.query(
      `CREATE TYPE "public"."reminder_outcome" AS ENUM('SENT', 'CUSTOMER_ACTED', 'OPTED_OUT', 'DISABLED')`,
    );
    await queryRunner.query(`
      CREATE TABLE "process_reminders" (
        "process_id" bigint NOT NULL,
        "vendor_id" integer NOT NULL,
        "request_id" bigint NOT NULL,
        "channels" character varying(5) array NOT NULL,
        "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "outcome" "public"."reminder_outcome",
        "settled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_process_reminders" PRIMARY KEY ("process_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "idx_process_reminders_due" ON "process_reminders" ("due_at") WHERE "outcome" IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "process_reminders" ADD CONSTRAINT "fk_process_reminders_process"
      FOREIGN KEY ("process_id") REFERENCES "reputation_processes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "process_reminders"`);
    await queryRunner.query(`DROP TYPE "public"."reminder_outcome"`);
    await queryRunner.query(
      `DELETE FROM "notification_outbox" WHERE "purpose" IN ('FEEDBACK_REMINDER', 'REVIEW_REMINDER')`,
    );
    // Enum values cannot be dropped in place: the type is rebuilt without them.
    await queryRunner.query(`DROP INDEX "public"."uq_notification_outbox_subject_channel"`);
    await queryRunner.query(`
      CREATE TYPE "public"."notification_purpose_old" AS ENUM(
        'FEEDBACK_REQUEST', 'REVIEW_REQUEST', 'REFERRAL_REQUEST', 'REFERRAL_INVITATION'
      )`);
    await queryRunner.query(`
      ALTER TABLE "notification_outbox" ALTER COLUMN "purpose"
      TYPE "public"."notification_purpose_old" USING "purpose"::"text"::"public"."notification_purpose_old"`);
    await queryRunner.query(`DROP TYPE "public"."notification_purpose"`);
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose_old" RENAME TO "notification_purpose"`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "uq_notification_outbox_subject_channel"
      ON "notification_outbox" USING btree ("purpose", "subject_id", "channel")`);
  }
}
