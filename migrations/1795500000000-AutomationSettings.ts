import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-vendor automation settings (CONTRACT 10): defaults as columns' defaults, ranges as checks. */
export class AutomationSettings1795500000000 implements MigrationInterface {
  name = 'AutomationSettings1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "automation_settings" (
        "vendor_id" integer NOT NULL,
        "reminder_enabled" boolean NOT NULL DEFAULT true,
        "reminder_delay_minutes" integer NOT NULL DEFAULT '4320',
        "quiet_hours_start" character varying(5) DEFAULT '09:00',
        "quiet_hours_end" character varying(5) DEFAULT '20:00',
        "time_zone" character varying(64) NOT NULL DEFAULT 'America/Toronto',
        "auto_review_request_on_job_won" boolean NOT NULL DEFAULT false,
        "auto_review_request_delay_minutes" integer NOT NULL DEFAULT '120',
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_automation_settings" PRIMARY KEY ("vendor_id"),
        CONSTRAINT "chk_automation_settings_reminder_delay" CHECK ("reminder_delay_minutes" BETWEEN 1 AND 20160),
        CONSTRAINT "chk_automation_settings_review_delay" CHECK ("auto_review_request_delay_minutes" BETWEEN 0 AND 10080),
        CONSTRAINT "chk_automation_settings_quiet_hours" CHECK (("quiet_hours_start" IS NULL) = ("quiet_hours_end" IS NULL))
      )`);
    await queryRunner.query(`
      ALTER TABLE "automation_settings" ADD CONSTRAINT "fk_automation_settings_vendor"
      FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "automation_settings"`);
  }
}
