import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who a friend's invitation is from (the referring customer's name as they gave it), the index the
 * per-friend invitation limit reads, and an e-mail's sender name and Reply-To address as rendered at
 * enqueue ("{vendor} via {operator}", the vendor's contact e-mail).
 */
export class JourneyIdentity1795642090478 implements MigrationInterface {
  name = 'JourneyIdentity1795642090478';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "referrals" ADD "referrer_name" character varying(100)`);
    await queryRunner.query(
      `CREATE INDEX "idx_referrals_vendor_friend" ON "referrals" ("vendor_id", (coalesce("friend_email", "friend_phone")), "created_at")`,
    );
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "from_name" character varying(300)`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" ADD "reply_to" character varying(254)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "reply_to"`);
    await queryRunner.query(`ALTER TABLE "notification_outbox" DROP COLUMN "from_name"`);
    await queryRunner.query(`DROP INDEX "idx_referrals_vendor_friend"`);
    await queryRunner.query(`ALTER TABLE "referrals" DROP COLUMN "referrer_name"`);
  }
}
