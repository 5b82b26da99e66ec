import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The metrics scrape counts the paused webhook endpoints every scrape: a partial index holds only
 * those, so the count reads them alone however many endpoints are enabled.
 */
export class MetricsScrapeIndexes1795820000000 implements MigrationInterface {
  name = 'MetricsScrapeIndexes1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_endpoints_paused" ON "webhook_endpoints" ("id") INCLUDE ("disabled_reason") WHERE NOT "enabled"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_webhook_endpoints_paused"`);
  }
}
