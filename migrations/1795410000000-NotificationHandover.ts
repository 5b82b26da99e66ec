import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox marks each hand-over to the provider before it happens (`handover_attempt`), and keeps
 * why the last attempt failed as a stable code beside the words (`last_error_code`). Rows written
 * before get their code from the words, which until now came from a fixed set of sentences.
 */
export class NotificationHandover1795410000000 implements MigrationInterface {
  name = 'NotificationHandover1795410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "notification_outbox"
            ADD "handover_attempt" integer
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_outbox"
            ADD "last_error_code" character varying(32)
        `);
    await queryRunner.query(`
            UPDATE "notification_outbox"
            SET "last_error_code" = CASE
                WHEN "last_error" LIKE 'The mail server answered:%' OR "last_error" LIKE 'The SMS provider answered%'
                    THEN CASE WHEN "status" = 'FAILED' THEN 'REFUSED' ELSE 'PROVIDER_ERROR' END
                WHEN "last_error" LIKE 'Could not reach%' THEN 'UNREACHABLE'
                WHEN "last_error" LIKE '%did not answer in time%' THEN 'TIMEOUT'
                WHEN "last_error" LIKE 'Gave up:%' THEN 'INTERRUPTED'
                WHEN "last_error" LIKE 'Unexpected error%' THEN 'INTERNAL'
                ELSE 'WITHDRAWN'
            END
            WHERE "last_error" IS NOT NULL
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "notification_outbox" DROP COLUMN "last_error_code"
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_outbox" DROP COLUMN "handover_attempt"
        `);
  }
}
