import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A phone's pool numbers, read once its lock is held, in one round trip. Inside a volatile PL/pgSQL
 * function each statement takes a snapshot of its own, so the read, taken after the lock, sees the
 * numbers the lock's previous holder committed (one statement's snapshot would predate its lock). The
 * lock's keys are LockSpace.SmsSenderPairs and the phone's hash, as the service took it before.
 */
export class SmsSenderUsesLocked1795930000000 implements MigrationInterface {
  name = 'SmsSenderUsesLocked1795930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "sms_sender_uses_locked"(phone varchar) RETURNS SETOF "sms_sender_pairs"
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(727402, hashtext(phone));
        RETURN QUERY SELECT * FROM "sms_sender_pairs" AS pair WHERE pair."phone" = sms_sender_uses_locked.phone;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "sms_sender_uses_locked"(varchar)`);
  }
}
