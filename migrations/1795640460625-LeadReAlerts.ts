import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Speed to lead (CONTRACT 13): the time of a lead's first view, and each alerted lead's one re-alert.
 * Leads viewed before this keep no view time (unknown, so not counted).
 */
export class LeadReAlerts1795640460625 implements MigrationInterface {
  name = 'LeadReAlerts1795640460625';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "first_viewed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TYPE "public"."lead_re_alert_outcome" AS ENUM('SENT', 'NOT_NEEDED', 'NO_CHANNEL', 'VENDOR_DEACTIVATED')`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_re_alerts" (
        "lead_id" bigint NOT NULL,
        "vendor_id" integer NOT NULL,
        "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "outcome" "public"."lead_re_alert_outcome",
        "settled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_lead_re_alerts" PRIMARY KEY ("lead_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "idx_lead_re_alerts_due" ON "lead_re_alerts" ("due_at") WHERE "outcome" IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "lead_re_alerts" ADD CONSTRAINT "fk_lead_re_alerts_vendor"
      FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_re_alerts"`);
    await queryRunner.query(`DROP TYPE "public"."lead_re_alert_outcome"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "first_viewed_at"`);
  }
}
