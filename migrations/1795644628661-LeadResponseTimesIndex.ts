import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The response-time figures (CONTRACT 13) read a vendor's leads of a window by assignment time with
 * their view, action and state: index-only over this index.
 */
export class LeadResponseTimesIndex1795644628661 implements MigrationInterface {
  name = 'LeadResponseTimesIndex1795644628661';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX "idx_leads_vendor_response_times" ON "leads" ("vendor_id", "date_created")
        INCLUDE ("vendor_lead_action", "first_viewed_at", "action_date")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_vendor_response_times"`);
  }
}
