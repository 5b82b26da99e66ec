import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook signing secrets are kept sealed with SECRETS_KEY (AES-256-GCM), longer than the plaintext.
 * The plaintext secrets already stored are sealed by the server at its next start (WebhookSecrets:
 * a migration has no key), and read as they are until then.
 */
export class WebhookSecretsSealed1795643295926 implements MigrationInterface {
  name = 'WebhookSecretsSealed1795643295926';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" TYPE character varying(200)`);
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ALTER COLUMN "previous_secret" TYPE character varying(200)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Sealed secrets do not fit the old columns, nor open without the key: the endpoints must be registered again.
    await queryRunner.query(
      `DELETE FROM "webhook_endpoints" WHERE length("secret") > 100 OR length("previous_secret") > 100`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ALTER COLUMN "previous_secret" TYPE character varying(100)`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" TYPE character varying(100)`);
  }
}
