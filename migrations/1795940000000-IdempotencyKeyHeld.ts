import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A request's hold on its Idempotency-Key and the key as it then stands, in one round trip. Inside a
 * volatile PL/pgSQL function each statement takes a snapshot of its own, so the read, taken after the
 * lock, sees the answer its previous holder committed (one statement's snapshot would predate its lock).
 * The lock's keys are LockSpace.IdempotencyKey and the hash the service took it by before.
 */
export class IdempotencyKeyHeld1795940000000 implements MigrationInterface {
  name = 'IdempotencyKeyHeld1795940000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "idempotency_key_held"(account_type varchar, account_id integer, key varchar)
      RETURNS TABLE (held boolean, fingerprint char(64), state "idempotency_state", status smallint, body text)
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        locked boolean := pg_try_advisory_xact_lock(727501, hashtext(account_type || ':' || account_id || ':' || key));
      BEGIN
        RETURN QUERY SELECT locked, k."fingerprint", k."state", k."status", k."body"
          FROM (VALUES (1)) AS one (n)
          LEFT JOIN "idempotency_keys" AS k ON k."account_type" = idempotency_key_held.account_type
           AND k."account_id" = idempotency_key_held.account_id AND k."key" = idempotency_key_held.key;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "idempotency_key_held"(varchar, integer, varchar)`);
  }
}
