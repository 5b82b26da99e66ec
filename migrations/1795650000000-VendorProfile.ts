import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vendor profile (CONTRACT 11): the customers' language, and how the vendor is named and reached in
 * its messages. Vendors already in Quebec write to their customers in French, as new ones do.
 */
export class VendorProfile1795650000000 implements MigrationInterface {
  name = 'VendorProfile1795650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "vendors"
        ADD "default_locale" character varying(2) NOT NULL DEFAULT 'en',
        ADD "mailing_address" character varying(300),
        ADD "contact_phone" character varying(12),
        ADD "contact_email" character varying(254),
        ADD "website_url" character varying(2048),
        ADD "sms_from_number" character varying(16)`);
    // As localeOfProvince (src/common/locale/locale.ts) decides for a new vendor.
    await queryRunner.query(
      `UPDATE "vendors" SET "default_locale" = 'fr'
        WHERE lower(btrim(normalize("province_name", NFC))) IN ('quebec', 'québec', 'qc')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "vendors"
        DROP COLUMN "sms_from_number",
        DROP COLUMN "website_url",
        DROP COLUMN "contact_email",
        DROP COLUMN "contact_phone",
        DROP COLUMN "mailing_address",
        DROP COLUMN "default_locale"`);
  }
}
