import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The consent ledger (docs/contract.md#consent): each basis on which a vendor may write to a contact,
 * with its evidence and end, and the withdrawals that ended them. A message's check reads a contact's
 * lines by `idx_consents_contact`; the bases ending soon are read by `idx_consents_ending`. Messages
 * keep the basis they left under, and one whose basis had ended is kept as `SUPPRESSED`.
 */
export class ConsentLedger1795860000000 implements MigrationInterface {
  name = 'ConsentLedger1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "consent_kind" AS ENUM ('INQUIRY', 'PURCHASE', 'EXPRESS', 'WITHDRAWAL')`);
    await queryRunner.query(`
      CREATE TABLE "consents" (
        "id" bigserial NOT NULL,
        "vendor_id" integer,
        "contact" character varying(254),
        "contact_hash" character varying(128),
        "kind" "consent_kind" NOT NULL,
        "source" character varying(40) NOT NULL,
        "evidence" jsonb NOT NULL,
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ends_at" TIMESTAMP WITH TIME ZONE,
        "withdrawal_id" bigint,
        "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_consents" PRIMARY KEY ("id"),
        CONSTRAINT "fk_consents_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_consents_contact" ON "consents" ("contact", "vendor_id")`);
    await queryRunner.query(`CREATE INDEX "idx_consents_ending" ON "consents" ("vendor_id", "ends_at")`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "consent_basis" character varying(40)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "consent_basis"`);
    await queryRunner.query(`DROP TABLE "consents"`);
    await queryRunner.query(`DROP TYPE "consent_kind"`);
  }
}
