import { MigrationInterface, QueryRunner } from 'typeorm';

// Written out from the `VendorLeadCounts` migration: a migration does not change when an older one is edited.
/** Each count's condition on a lead, by its column of `vendor_lead_counts`. */
type CountedLeads = Record<string, string>;

/** The counts this migration keeps. */
const LEAD_COUNTS: CountedLeads = { total: 'TRUE', accepted: `vendor_lead_action = 'ACCEPT'` };

/** A table of lead counts the trigger keeps: its key columns, each with its expression on a lead, and its counts. */
interface LeadCountTable {
  name: string;
  key: Record<string, string>;
  counted: CountedLeads;
}

/** `vendor_lead_counts`: one row per vendor. */
const vendorLeadCounts = (counted: CountedLeads): LeadCountTable => ({
  name: 'vendor_lead_counts',
  key: { vendor_id: 'vendor_id' },
  counted,
});

/**
 * The statement (re)defining the trigger function: for each table, each count's delta from the
 * statement's transition tables, summed per key, upserted in key order (rows only for keys whose
 * counts changed). The tables are written in the order given, so every statement locks their rows in
 * one order.
 */
function leadCountsFunction(...tables: LeadCountTable[]): string {
  const upsert = ({ name, key, counted }: LeadCountTable, operation: 'INSERT' | 'UPDATE' | 'DELETE'): string => {
    const keys = Object.keys(key);
    const columns = Object.keys(counted);
    const rows = (table: string, sign: string) =>
      `SELECT ${keys.map((k) => `${key[k]} AS ${k}`).join(', ')}, ${columns.map((c) => `${sign}(${counted[c]})::int AS ${c}`).join(', ')} FROM ${table}`;
    const added = rows('new_leads', '');
    const removed = rows('old_leads', '-');
    // Each branch references only the transition tables its operation has (plpgsql plans a branch when it runs).
    const source = { INSERT: added, UPDATE: `${added} UNION ALL ${removed}`, DELETE: removed }[operation];
    return `
          INSERT INTO ${name} AS counts (${keys.join(', ')}, ${columns.join(', ')})
            SELECT ${keys.join(', ')}, ${columns.map((c) => `sum(${c})`).join(', ')} FROM (${source}) AS delta
             GROUP BY ${keys.join(', ')} HAVING ${columns.map((c) => `sum(${c}) <> 0`).join(' OR ')} ORDER BY ${keys.join(', ')}
            ON CONFLICT (${keys.join(', ')}) DO UPDATE
              SET ${columns.map((c) => `${c} = counts.${c} + excluded.${c}`).join(', ')};`;
  };
  const upserts = (operation: 'INSERT' | 'UPDATE' | 'DELETE') =>
    tables.map((table) => upsert(table, operation)).join('');
  return `
      CREATE OR REPLACE FUNCTION "vendor_lead_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${upserts('INSERT')}
        ELSIF TG_OP = 'UPDATE' THEN ${upserts('UPDATE')}
        ELSE ${upserts('DELETE')}
        END IF;
        RETURN NULL;
      END $$`;
}

// Written out from the `LeadAttentionCounts` migration.
const FINAL = `('JOB_WON', 'JOB_LOST', 'JOB_POSTPONED_OR_CANCELLED', 'LEAD_WON', 'LEAD_LOST')`;

/** Accepted and still open: no status yet, or a non-final one with its date (due once that date is old enough). */
const OPEN_ACCEPTED = `(vendor_lead_action = 'ACCEPT' AND (post_lead_status IS NULL
  OR (post_lead_status NOT IN ${FINAL} AND post_lead_status_date IS NOT NULL)))`;

const WITH_ATTENTION: CountedLeads = {
  ...LEAD_COUNTS,
  pending: `vendor_lead_action = 'NONE'`,
  open_accepted: OPEN_ACCEPTED,
};

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
