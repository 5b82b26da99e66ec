import { MigrationInterface, QueryRunner } from 'typeorm';

/** Who hears of a vendor's new leads (CONTRACT 13): one row per vendor that saved its settings. */
export class LeadAlertSettings1795638500000 implements MigrationInterface {
  name = 'LeadAlertSettings1795638500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_alert_settings" (
        "vendor_id" integer NOT NULL,
        "email" character varying(254),
        "phone" character varying(12),
        "email_enabled" boolean NOT NULL DEFAULT true,
        "sms_enabled" boolean NOT NULL DEFAULT false,
        "re_alert_after_minutes" integer NOT NULL DEFAULT 30,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "chk_lead_alert_settings_sms_phone" CHECK (NOT "sms_enabled" OR "phone" IS NOT NULL),
        CONSTRAINT "chk_lead_alert_settings_re_alert" CHECK ("re_alert_after_minutes" BETWEEN 0 AND 1440),
        CONSTRAINT "PK_lead_alert_settings" PRIMARY KEY ("vendor_id")
      )`);
    await queryRunner.query(`
      ALTER TABLE "lead_alert_settings" ADD CONSTRAINT "fk_lead_alert_settings_vendor"
      FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_alert_settings"`);
  }
}
