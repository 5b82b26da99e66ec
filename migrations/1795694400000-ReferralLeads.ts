import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referrals bring leads (docs/contract.md#reputation-kpis): where each lead came from, and for a
 * referred friend's, who referred them. Every lead before this one was assigned by the operator's team.
 */
export class ReferralLeads1795694400000 implements MigrationInterface {
  name = 'ReferralLeads1795694400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "lead_source" AS ENUM('OPERATOR', 'REFERRAL')`);
    // The default fills the existing rows at once, and stays: a lead inserted without a source is the operator's.
    await queryRunner.query(`
      ALTER TABLE "leads"
        ADD "source" "lead_source" NOT NULL DEFAULT 'OPERATOR',
        ADD "referred_by_name" character varying(100),
        ADD "referred_by_process_id" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads" DROP COLUMN "referred_by_process_id", DROP COLUMN "referred_by_name", DROP COLUMN "source"`,
    );
    await queryRunner.query(`DROP TYPE "lead_source"`);
  }
}
