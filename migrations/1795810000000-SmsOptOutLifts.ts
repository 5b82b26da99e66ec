import { MigrationInterface, QueryRunner } from 'typeorm';

/** `START` lifts a phone's opt-out for the vendors the number it was sent to serves (docs/contract.md#sms-replies). */
export class SmsOptOutLifts1795810000000 implements MigrationInterface {
  name = 'SmsOptOutLifts1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sms_opt_out_lifts" ("phone" character varying(12) NOT NULL, "vendor_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_sms_opt_out_lifts" PRIMARY KEY ("phone", "vendor_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "sms_opt_out_lifts" ADD CONSTRAINT "fk_sms_opt_out_lifts_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sms_opt_out_lifts"`);
  }
}
