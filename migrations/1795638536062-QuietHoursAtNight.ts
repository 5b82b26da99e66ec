import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quiet hours by default from 20:00 to 09:00 (CONTRACT 10): the earlier defaults had the two bounds the
 * other way round, which made the day quiet. Vendors still on that pair move to the intended one.
 */
export class QuietHoursAtNight1795638536062 implements MigrationInterface {
  name = 'QuietHoursAtNight1795638536062';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "automation_settings"
        ALTER COLUMN "quiet_hours_start" SET DEFAULT '20:00',
        ALTER COLUMN "quiet_hours_end" SET DEFAULT '09:00'`);
    await queryRunner.query(`
      UPDATE "automation_settings" SET "quiet_hours_start" = '20:00', "quiet_hours_end" = '09:00'
       WHERE "quiet_hours_start" = '09:00' AND "quiet_hours_end" = '20:00'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE "automation_settings" SET "quiet_hours_start" = '09:00', "quiet_hours_end" = '20:00'
       WHERE "quiet_hours_start" = '20:00' AND "quiet_hours_end" = '09:00'`);
    await queryRunner.query(`
      ALTER TABLE "automation_settings"
        ALTER COLUMN "quiet_hours_start" SET DEFAULT '09:00',
        ALTER COLUMN "quiet_hours_end" SET DEFAULT '20:00'`);
  }
}
