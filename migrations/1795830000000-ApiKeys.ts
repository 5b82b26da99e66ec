import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several keys per account: `api_keys` holds each key's id (its token's jti), never its secret. The one
 * token each account held becomes a key with every scope, named as the route or command that issued it
 * replaces it; those tokens were never hashed, so their keys have none and are trusted on their
 * signature, as before.
 */
export class ApiKeys1795830000000 implements MigrationInterface {
  name = 'ApiKeys1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "api_keys" (
        "id" uuid NOT NULL,
        "vendor_id" integer,
        "manager_id" integer,
        "name" character varying(100) NOT NULL,
        "scopes" character varying(20) array NOT NULL,
        "secret_hash" bytea,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "created_by" character varying(40) NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "rolled_into" uuid,
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "ck_api_keys_one_account" CHECK ((vendor_id IS NULL) <> (manager_id IS NULL)),
        CONSTRAINT "PK_api_keys" PRIMARY KEY ("id"),
        CONSTRAINT "FK_api_keys_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_api_keys_manager" FOREIGN KEY ("manager_id") REFERENCES "managers"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_api_keys_vendor" ON "api_keys" ("vendor_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "idx_api_keys_manager" ON "api_keys" ("manager_id", "created_at")`);
    await queryRunner.query(`
      INSERT INTO "api_keys" ("id", "vendor_id", "name", "scopes", "created_by")
      SELECT "active_token_id", "id", 'api-token', '{*}', 'migration' FROM "vendors" WHERE "active_token_id" IS NOT NULL`);
    await queryRunner.query(`
      INSERT INTO "api_keys" ("id", "manager_id", "name", "scopes", "created_by")
      SELECT "active_token_id", "id", 'manager-token', '{*}', 'migration' FROM "managers"
      WHERE "active_token_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "vendors" DROP COLUMN "active_token_id"`);
    await queryRunner.query(`ALTER TABLE "managers" DROP COLUMN "active_token_id"`);
  }

  /** Each account's newest live key with every scope becomes its one token again; the others are lost. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "managers" ADD "active_token_id" uuid`);
    await queryRunner.query(`ALTER TABLE "vendors" ADD "active_token_id" uuid`);
    for (const [table, column] of [
      ['vendors', 'vendor_id'],
      ['managers', 'manager_id'],
    ]) {
      await queryRunner.query(`
        UPDATE "${table}" a SET "active_token_id" = (
          SELECT k."id" FROM "api_keys" k
          WHERE k."${column}" = a."id" AND k."revoked_at" IS NULL AND k."expires_at" IS NULL AND '*' = ANY (k."scopes")
          ORDER BY k."created_at" DESC LIMIT 1)`);
    }
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
