import { MigrationInterface, QueryRunner } from 'typeorm';
import { type CountedLeads, LEAD_COUNTS, leadCountsFunction, vendorLeadCounts } from './1795400000000-VendorLeadCounts';

const FINAL = `('JOB_WON', 'JOB_LOST', 'JOB_POSTPONED_OR_CANCELLED', 'LEAD_WON', 'LEAD_LOST')`;

/** Accepted and still open: no status yet, or a non-final one with its date (due once that date is old enough). */
const OPEN_ACCEPTED = `(vendor_lead_action = 'ACCEPT' AND (post_lead_status IS NULL
  OR (post_lead_status NOT IN ${FINAL} AND post_lead_status_date IS NOT NULL)))`;

export const WITH_ATTENTION: CountedLeads = {
  ...LEAD_COUNTS,
  pending: `vendor_lead_action = 'NONE'`,
  open_accepted: OPEN_ACCEPTED,
};

/**
 * The REQUIRES_ATTENTION count from stored numbers: each vendor's leads still NONE (`pending`) and
 * accepted ones still open (`open_accepted`), kept by the lead count triggers beside `total` and
 * `accepted`, neither depending on the clock. The count of a request subtracts what the clock has
 * taken out of them: NONE leads past the expiry age the expiry job has not stored as EXPIRED yet, and
 * open statuses set within the reminder age, each counted over a small partial index of its own. So
 * the count reads the rows that changed lately, not every lead that requires attention.
 */
export class LeadAttentionCounts1795740000000 implements MigrationInterface {
  name = 'LeadAttentionCounts1795740000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "vendor_lead_counts"
        ADD "pending" integer NOT NULL DEFAULT 0,
        ADD "open_accepted" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(leadCountsFunction(vendorLeadCounts(WITH_ATTENTION)));
    await queryRunner.query(`
      UPDATE "vendor_lead_counts" AS c
         SET "pending" = counted.pending, "open_accepted" = counted.open_accepted
        FROM (SELECT vendor_id, count(*) FILTER (WHERE vendor_lead_action = 'NONE') AS pending,
                     count(*) FILTER (WHERE ${OPEN_ACCEPTED}) AS open_accepted
                FROM "leads" GROUP BY vendor_id) AS counted
       WHERE c.vendor_id = counted.vendor_id`);
    await queryRunner.query(`
      CREATE INDEX "idx_leads_vendor_pending_created" ON "leads" ("vendor_id", "date_created")
        WHERE vendor_lead_action = 'NONE'`);
    await queryRunner.query(`
      CREATE INDEX "idx_leads_vendor_open_status_date" ON "leads" ("vendor_id", "post_lead_status_date")
        WHERE vendor_lead_action = 'ACCEPT' AND post_lead_status NOT IN ${FINAL}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_vendor_open_status_date"`);
    await queryRunner.query(`DROP INDEX "idx_leads_vendor_pending_created"`);
    await queryRunner.query(leadCountsFunction(vendorLeadCounts(LEAD_COUNTS)));
    await queryRunner.query(`ALTER TABLE "vendor_lead_counts" DROP "pending", DROP "open_accepted"`);
  }
}
