import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log's retention switch permitted any UPDATE or DELETE in its transaction. Now `UPDATE` and
 * `TRUNCATE` are always refused, and a `DELETE` removes only entries written before the cutoff the
 * retention pass names in `app.audit_retention` (an ISO timestamp): a row-level check, so no entry
 * within retention can go whatever the statement says.
 */
export class AuditRetentionDeleteOnly1795800000000 implements MigrationInterface {
  name = 'AuditRetentionDeleteOnly1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_log_append_only ON "audit_log"`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR TRUNCATE ON "audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_past_retention_only() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cutoff text := current_setting('app.audit_retention', true);
      BEGIN
        IF cutoff IS NULL OR cutoff !~ '^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z$' OR OLD.at >= cutoff::timestamptz THEN
          RAISE EXCEPTION 'audit_log is append-only: DELETE of an entry within retention refused'
            USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN OLD;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_past_retention_only BEFORE DELETE ON "audit_log"
      FOR EACH ROW EXECUTE FUNCTION audit_log_past_retention_only()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_log_past_retention_only ON "audit_log"`);
    await queryRunner.query(`DROP FUNCTION audit_log_past_retention_only()`);
    await queryRunner.query(`DROP TRIGGER audit_log_append_only ON "audit_log"`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('app.audit_retention', true) IS DISTINCT FROM 'on' THEN
          RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }
}
