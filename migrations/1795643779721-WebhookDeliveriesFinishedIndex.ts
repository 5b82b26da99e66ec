import { MigrationInterface, QueryRunner } from 'typeorm';

/** Retention finds the finished webhook deliveries past the window directly, whatever is still PENDING. */
export class WebhookDeliveriesFinishedIndex1795643779721 implements MigrationInterface {
  name = 'WebhookDeliveriesFinishedIndex1795643779721';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_finished" ON "webhook_deliveries" ("created_at") WHERE "status" <> 'PENDING'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_finished"`);
  }
}
