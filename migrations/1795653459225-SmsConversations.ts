import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's conversation (CONTRACT 12): each message queued for a reputation process names it, and an
 * SMS names the vendor's own sender number it leaves from (null: the shared SMS_FROM), so a reply finds
 * the process that texted that phone from the number it wrote to. Messages queued before stay without.
 */
export class SmsConversations1795653459225 implements MigrationInterface {
  name = 'SmsConversations1795653459225';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "process_id" bigint`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "sender" character varying(16)`);
    await queryRunner.query(
      `CREATE INDEX "idx_notification_outbox_process" ON "notification_outbox" ("process_id", "id") WHERE "process_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_notification_outbox_process"`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "sender"`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "process_id"`);
  }
}
