import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's data rights (CONTRACT 14): erased links, the suppression list of keyed hashes, and the
 * indexes that find every record of one e-mail or phone without scanning a table.
 */
export class CustomerDataRights1795645096149 implements MigrationInterface {
  name = 'CustomerDataRights1795645096149';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reputation_processes" ADD "erased_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "referrals" ADD "erased_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      CREATE TABLE "contact_suppressions" (
        "contact_hash" character varying(64) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_contact_suppressions" PRIMARY KEY ("contact_hash")
      )`);
    const indexes: [string, string][] = [
      ['idx_leads_customer_email', 'leads (lower("customer_email"))'],
      ['idx_leads_customer_phone', 'leads ("customer_phone")'],
      ['idx_reputation_processes_email', 'reputation_processes ("email")'],
      ['idx_reputation_processes_phone', 'reputation_processes ("phone")'],
      ['idx_referrals_friend_email', 'referrals ("friend_email")'],
      ['idx_referrals_friend_phone', 'referrals ("friend_phone")'],
      ['idx_referral_conversions_email', 'referral_conversions ("email")'],
      ['idx_referral_conversions_phone', 'referral_conversions ("phone")'],
      ['idx_notification_outbox_recipient', 'notification_outbox ("recipient")'],
      ['idx_webhook_deliveries_event', 'webhook_deliveries ("event_id")'],
      ['idx_events_lead', `events (("data"->>'id')) WHERE "type" LIKE 'lead.%'`],
      ['idx_events_process', `events (("data"->>'processId')) WHERE "data" ? 'processId'`],
    ];
    for (const [name, definition] of indexes) await queryRunner.query(`CREATE INDEX "${name}" ON ${definition}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'idx_events_process',
      'idx_events_lead',
      'idx_webhook_deliveries_event',
      'idx_notification_outbox_recipient',
      'idx_referral_conversions_phone',
      'idx_referral_conversions_email',
      'idx_referrals_friend_phone',
      'idx_referrals_friend_email',
      'idx_reputation_processes_phone',
      'idx_reputation_processes_email',
      'idx_leads_customer_phone',
      'idx_leads_customer_email',
    ])
      await queryRunner.query(`DROP INDEX "${name}"`);
    await queryRunner.query(`DROP TABLE "contact_suppressions"`);
    await queryRunner.query(`ALTER TABLE "referrals" DROP COLUMN "erased_at"`);
    await queryRunner.query(`ALTER TABLE "reputation_processes" DROP COLUMN "erased_at"`);
  }
}
