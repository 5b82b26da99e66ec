import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The leads a person's referrals brought, found by the referrer's process (docs/contract.md#data-rights):
 * an erasure of the referrer removes their name from each. Partial: most leads were not referred.
 */
export class ReferredLeadsIndex1795710000000 implements MigrationInterface {
  name = 'ReferredLeadsIndex1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_leads_referred_by_process" ON "leads" ("referred_by_process_id")
        WHERE "referred_by_process_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_referred_by_process"`);
  }
}
