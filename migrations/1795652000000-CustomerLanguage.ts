import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer's language (CONTRACT 11): kept by each process (those before it were written to in
 * English), asked for on a lead for its won job's review request, and the French custom texts.
 */
export class CustomerLanguage1795652000000 implements MigrationInterface {
  name = 'CustomerLanguage1795652000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "reputation_processes" ADD "locale" character varying(2) NOT NULL DEFAULT 'en'`,
    );
    await queryRunner.query(`ALTER TABLE "leads" ADD "customer_locale" character varying(2)`);
    await queryRunner.query(`
      ALTER TABLE "review_settings"
        ADD "custom_sms_message_fr" character varying(500) NOT NULL DEFAULT '',
        ADD "custom_email_message_fr" character varying(5000) NOT NULL DEFAULT ''`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "review_settings" DROP COLUMN "custom_email_message_fr", DROP COLUMN "custom_sms_message_fr"`,
    );
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "customer_locale"`);
    await queryRunner.query(`ALTER TABLE "reputation_processes" DROP COLUMN "locale"`);
  }
}
