import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys keep the answer as the JSON text sent, so a replay answers the same bytes (jsonb
 * reorders keys); answers that showed a credential are no longer kept: those kept so far (an API
 * token's) are dropped to their status, and a repeat of them is a 409.
 */
export class IdempotencyAnswerText1795640946921 implements MigrationInterface {
  name = 'IdempotencyAnswerText1795640946921';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "idempotency_keys" SET "body" = NULL
        WHERE "state" = 'DONE' AND "status" < 400 AND jsonb_typeof("body" -> 'data') = 'object'
          AND (("body" -> 'data') ? 'token' OR ("body" -> 'data') ? 'secret')`,
    );
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ALTER COLUMN "body" TYPE text USING "body"::text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ALTER COLUMN "body" TYPE jsonb USING "body"::jsonb`);
  }
}
