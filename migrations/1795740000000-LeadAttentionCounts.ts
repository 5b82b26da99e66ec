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

const FINAL = `('JOB_WON', 'JOB_LOST', 'JOB_POSTPONED_OR_CANCELLED', 'LEAD_WON', 'LEAD_LOST')`;

/** Accepted and still open: no status yet, or a non-final one with its date (due once that date is old enough). */
const OPEN_ACCEPTED = `(vendor_lead_action = 'ACCEPT' AND (post_lead_status IS NULL
  OR (post_lead_status NOT IN ${FINAL} AND post_lead_status_date IS NOT NULL)))`;

const WITH_ATTENTION: CountedLeads = {
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
