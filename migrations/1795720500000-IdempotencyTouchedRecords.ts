import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer records each kept idempotent answer touched (docs/contract.md#data-rights), so that an erasure finds
 * the answers showing an erased record by the record, not by searching their text. Answers kept
 * before it hold none (nothing in them says reliably which records they show); they expire and are
 * removed within a day.
 */
export class IdempotencyTouchedRecords1795720500000 implements MigrationInterface {
  name = 'IdempotencyTouchedRecords1795720500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ADD "touched_records" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `CREATE INDEX "idx_idempotency_keys_touched_records" ON "idempotency_keys" USING gin ("touched_records")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_idempotency_keys_touched_records"`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP COLUMN "touched_records"`);
  }
}
