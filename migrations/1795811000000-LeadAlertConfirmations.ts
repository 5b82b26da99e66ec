import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead alert contacts used only once confirmed (docs/contract.md#speed-to-lead): when each was confirmed,
 * the codes sent to confirm them (hashed, with their attempts), and the purpose of the message that
 * carries a code.
 */
export class LeadAlertConfirmations1795811000000 implements MigrationInterface {
  name = 'LeadAlertConfirmations1795811000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" ADD VALUE 'LEAD_ALERT_CONFIRMATION'`);
    await queryRunner.query(
      `ALTER TABLE "lead_alert_settings" ADD "email_confirmed_at" TIMESTAMP WITH TIME ZONE, ADD "phone_confirmed_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_alert_codes" ("id" SERIAL NOT NULL, "vendor_id" integer NOT NULL, "channel" character varying(5) NOT NULL, "contact" character varying(254) NOT NULL, "code_hash" character varying(200) NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_lead_alert_codes_channel" CHECK ("channel" IN ('EMAIL', 'SMS')), CONSTRAINT "pk_lead_alert_codes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_lead_alert_codes_vendor" ON "lead_alert_codes" ("vendor_id", "channel", "created_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_alert_codes" ADD CONSTRAINT "fk_lead_alert_codes_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_alert_codes"`);
    await queryRunner.query(
      `ALTER TABLE "lead_alert_settings" DROP COLUMN "phone_confirmed_at", DROP COLUMN "email_confirmed_at"`,
    );
    // An enum value cannot be dropped: the type is made again without it.
    await queryRunner.query(`DELETE FROM "notification_outbox" WHERE "purpose" = 'LEAD_ALERT_CONFIRMATION'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_purpose" RENAME TO "notification_purpose_old"`);
    await queryRunner.query(`
      DO $$ BEGIN
        EXECUTE (SELECT format('CREATE TYPE "public"."notification_purpose" AS ENUM (%s)',
                               string_agg(quote_literal(enumlabel), ', ' ORDER BY enumsortorder))
                   FROM pg_enum WHERE enumtypid = '"public"."notification_purpose_old"'::regtype
                    AND enumlabel <> 'LEAD_ALERT_CONFIRMATION');
      END $$`);
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" ALTER COLUMN "purpose" TYPE "public"."notification_purpose" USING "purpose"::text::"public"."notification_purpose"`,
    );
    await queryRunner.query(`DROP TYPE "public"."notification_purpose_old"`);
  }
}
