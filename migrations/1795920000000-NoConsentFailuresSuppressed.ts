import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages kept back for want of consent before `SUPPRESSED` existed were marked `FAILED` with the
 * reason NO_CONSENT: they were never deliveries, so they join the suppressed ones. The failure
 * triggers count each change, so the referral KPIs' failed messages follow.
 */
export class NoConsentFailuresSuppressed1795920000000 implements MigrationInterface {
  name = 'NoConsentFailuresSuppressed1795920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "notification_outbox" SET "status" = 'SUPPRESSED'
        WHERE "status" = 'FAILED' AND "last_error_code" = 'NO_CONSENT'`,
    );
  }

  public async down(): Promise<void> {
    // Nothing to undo: the earlier migration's down turns every SUPPRESSED message back to FAILED.
  }
}
