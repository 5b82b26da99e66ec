import { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency-Key answers, per account and key, kept 24 hours (CONTRACT 9). */
export class IdempotencyKeys1795429451096 implements MigrationInterface {
  name = 'IdempotencyKeys1795429451096';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."idempotency_state" AS ENUM('RUNNING', 'DONE')`);
    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "account_type" character varying(8) NOT NULL,
        "account_id" integer NOT NULL,
        "key" character varying(255) NOT NULL,
        "fingerprint" character(64) NOT NULL,
        "state" "public"."idempotency_state" NOT NULL,
        "locked_until" TIMESTAMP WITH TIME ZONE,
        "holder" uuid,
        "status" smallint,
        "body" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_3c14c1190fe33f5042c51b9372a" PRIMARY KEY ("account_type", "account_id", "key")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_idempotency_keys_expires" ON "idempotency_keys" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_keys_expires"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    await queryRunner.query(`DROP TYPE "public"."idempotency_state"`);
  }
}
