import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The metrics scrape counts the paused webhook endpoints every scrape: a partial index holds only
 * those, so the count reads them alone however many endpoints are enabled. Each outbox row keeps the
 * W3C traceparent of the request that queued it, so its delivery's span joins that request's trace.
 */
export class MetricsAndTraces1795820000000 implements MigrationInterface {
  name = 'MetricsAndTraces1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "trace_parent" character varying(55)`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "trace_parent" character varying(55)`);
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_endpoints_paused" ON "webhook_endpoints" ("id") INCLUDE ("disabled_reason") WHERE NOT "enabled"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_webhook_endpoints_paused"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "trace_parent"`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "trace_parent"`);
  }
}
