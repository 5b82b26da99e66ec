import { MigrationInterface, QueryRunner } from 'typeorm';

/** The SMS_FROM pool (docs/contract.md#sms-replies): the number each (phone, vendor) pair texts from, and when it last did. */
export class SmsSenderPool1795680043000 implements MigrationInterface {
  name = 'SmsSenderPool1795680043000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sms_sender_pairs" ("phone" character varying(12) NOT NULL, "vendor_id" integer NOT NULL, "sender" character varying(16) NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_sms_sender_pairs" PRIMARY KEY ("phone", "vendor_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_sms_sender_pairs_phone_sender" ON "sms_sender_pairs" ("phone", "sender")`,
    );
    await queryRunner.query(
      `ALTER TABLE "sms_sender_pairs" ADD CONSTRAINT "fk_sms_sender_pairs_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sms_sender_pairs"`);
  }
}
