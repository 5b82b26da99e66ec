import { MigrationInterface, QueryRunner } from 'typeorm';

/** A vendor's own SMS sender number is that vendor's alone: replies to it must find one vendor (CONTRACT 12). */
export class VendorSmsNumberUnique1795655000000 implements MigrationInterface {
  name = 'VendorSmsNumberUnique1795655000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_vendors_sms_from_number" ON "vendors" ("sms_from_number") WHERE "sms_from_number" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_vendors_sms_from_number"`);
  }
}
