import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A request holds its Idempotency-Key by an advisory lock of its own transaction (docs/contract.md#idempotency), which
 * PostgreSQL ends with the request's connection: the lease and its holder are gone.
 */
export class IdempotencyHoldByLock1795690390000 implements MigrationInterface {
  name = 'IdempotencyHoldByLock1795690390000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP COLUMN "locked_until", DROP COLUMN "holder"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD "locked_until" TIMESTAMP WITH TIME ZONE, ADD "holder" uuid`,
    );
  }
}
