import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  LEAD_COUNTS,
  type LeadCountTable,
  leadCountsFunction,
  vendorLeadCounts,
} from './1795400000000-VendorLeadCounts';
import { WITH_ATTENTION } from './1795740000000-LeadAttentionCounts';

/** A lead's day, in UTC: the list's statement bounds a day with the same expression. */
const LEAD_DAY = `(date_created AT TIME ZONE 'UTC')::date`;

const DAY_COUNTS: LeadCountTable = {
  name: 'vendor_lead_days',
  key: { vendor_id: 'vendor_id', day: LEAD_DAY },
  counted: LEAD_COUNTS,
};

/**
 * Each vendor's number of leads and of accepted leads per day of creation, kept by the lead count
 * triggers beside `vendor_lead_counts` (after it, so every statement locks the rows of both in one
 * order). A page of the ALL or ACCEPTED list sums the days from the newest until it reaches the page's
 * offset and seeks the vendor's index from that day's end, skipping at most one day's leads: a deep
 * page costs the vendor's days and one day's entries, not the entries above it. A lead moved to
 * another vendor or day is counted like any change (out of its old row, into its new one); a day whose
 * leads all left keeps a row of zeros, which the sum passes over.
 */
export class LeadDayCounts1795760000000 implements MigrationInterface {
  name = 'LeadDayCounts1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "vendor_lead_days" (
        "vendor_id" integer NOT NULL REFERENCES "vendors" ("id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "total" integer NOT NULL DEFAULT 0,
        "accepted" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("vendor_id", "day")
      )`);
    await queryRunner.query(leadCountsFunction(vendorLeadCounts(WITH_ATTENTION), DAY_COUNTS));
    await queryRunner.query(`
      INSERT INTO "vendor_lead_days" ("vendor_id", "day", "total", "accepted")
        SELECT "vendor_id", ${LEAD_DAY}, count(*), count(*) FILTER (WHERE "vendor_lead_action" = 'ACCEPT')
          FROM "leads" GROUP BY 1, 2`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(leadCountsFunction(vendorLeadCounts(WITH_ATTENTION)));
    await queryRunner.query(`DROP TABLE "vendor_lead_days"`);
  }
}
