import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deactivated vendors whose webhook deliveries are held until reactivation; filled with the vendors
 * deactivated now (afterwards the vendors module keeps it through its activation port).
 */
export class WebhookPausedVendors1795643824306 implements MigrationInterface {
  name = 'WebhookPausedVendors1795643824306';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "webhook_paused_vendors" (
        "vendor_id" integer NOT NULL,
        "paused_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_paused_vendors" PRIMARY KEY ("vendor_id")
      )`);
    await queryRunner.query(`
      ALTER TABLE "webhook_paused_vendors" ADD CONSTRAINT "fk_webhook_paused_vendors_vendor"
      FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(
      `INSERT INTO "webhook_paused_vendors" ("vendor_id") SELECT "id" FROM "vendors" WHERE NOT "activated"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_paused_vendors"`);
  }
}
