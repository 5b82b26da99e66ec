import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every SMS to a customer waits for the end of the vendor's quiet hours (docs/contract.md#automation):
 * the time a held message waits for, which the request's answer shows as `sendAfter`.
 */
export class TextsWaitForQuietHours1795840000000 implements MigrationInterface {
  name = 'TextsWaitForQuietHours1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "send_after" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "send_after"`);
  }
}
