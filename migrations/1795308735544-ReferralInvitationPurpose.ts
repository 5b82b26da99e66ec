import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReferralInvitationPurpose1795308735544 implements MigrationInterface {
  name = 'ReferralInvitationPurpose1795308735544';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Appending a value needs no rewrite of the table or its indexes (PostgreSQL 12+ allows it in a transaction).
    await queryRunner.query(`
            ALTER TYPE "public"."notification_purpose"
            ADD VALUE 'REFERRAL_INVITATION'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DELETE FROM "notification_outbox" WHERE "purpose" = 'REFERRAL_INVITATION'
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_notification_outbox_subject_channel"
        `);
    await queryRunner.query(`
            CREATE TYPE "public"."notification_purpose_old" AS ENUM(
                'FEEDBACK_REQUEST',
                'REVIEW_REQUEST',
                'REFERRAL_REQUEST'
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_outbox"
            ALTER COLUMN "purpose" TYPE "public"."notification_purpose_old" USING "purpose"::"text"::"public"."notification_purpose_old"
        `);
    await queryRunner.query(`
            DROP TYPE "public"."notification_purpose"
        `);
    await queryRunner.query(`
            ALTER TYPE "public"."notification_purpose_old"
            RENAME TO "notification_purpose"
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_notification_outbox_subject_channel" ON "notification_outbox" USING btree ("purpose", "subject_id", "channel")
        `);
  }
}
