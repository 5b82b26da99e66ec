import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each count's condition on a lead, by its column of `vendor_lead_counts`. */
export type CountedLeads = Record<string, string>;

/** The counts this migration keeps. */
export const LEAD_COUNTS: CountedLeads = { total: 'TRUE', accepted: `vendor_lead_action = 'ACCEPT'` };

/**
 * The statement (re)defining the trigger function: each count's delta from the statement's transition
 * tables, summed per vendor, upserted in vendor order (rows only for vendors whose counts changed).
 */
export function leadCountsFunction(counted: CountedLeads): string {
  const columns = Object.keys(counted);
  const rows = (table: string, sign: string) =>
    `SELECT vendor_id, ${columns.map((c) => `${sign}(${counted[c]})::int AS ${c}`).join(', ')} FROM ${table}`;
  // Each branch references only the transition tables its operation has (plpgsql plans a branch when it runs).
  const delta = (source: string) => `
          INSERT INTO vendor_lead_counts AS counts (vendor_id, ${columns.join(', ')})
            SELECT vendor_id, ${columns.map((c) => `sum(${c})`).join(', ')} FROM (${source}) AS delta
             GROUP BY vendor_id HAVING ${columns.map((c) => `sum(${c}) <> 0`).join(' OR ')} ORDER BY vendor_id
            ON CONFLICT (vendor_id) DO UPDATE
              SET ${columns.map((c) => `${c} = counts.${c} + excluded.${c}`).join(', ')};`;
  const added = rows('new_leads', '');
  const removed = rows('old_leads', '-');
  return `
      CREATE OR REPLACE FUNCTION "vendor_lead_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${delta(added)}
        ELSIF TG_OP = 'UPDATE' THEN ${delta(`${added} UNION ALL ${removed}`)}
        ELSE ${delta(removed)}
        END IF;
        RETURN NULL;
      END $$`;
}

/**
 * Each vendor's number of leads and of accepted leads, kept by statement triggers on `leads` in the
 * same transaction as the change, so the list's total and the filter counts read one row instead of
 * counting up to 100,000 index entries per request. Both numbers only change when a lead is added or
 * accepted (accepting is final; expiry turns NONE into EXPIRED), never with the clock; the
 * time-dependent REQUIRES_ATTENTION count stays a count over its small partial index.
 *
 * Statement-level triggers with transition tables: a bulk insert of a million leads updates each
 * vendor's row once, not once per lead. Rows are upserted in vendor order, so two statements touching
 * several vendors lock them in the same order. The table is read with SQL only; it has no entity.
 */
export class VendorLeadCounts1795400000000 implements MigrationInterface {
  name = 'VendorLeadCounts1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "vendor_lead_counts" (
        "vendor_id" integer PRIMARY KEY REFERENCES "vendors" ("id") ON DELETE CASCADE,
        "total" integer NOT NULL DEFAULT 0,
        "accepted" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(leadCountsFunction(LEAD_COUNTS));
    await queryRunner.query(`
      CREATE TRIGGER "leads_count_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_leads
        FOR EACH STATEMENT EXECUTE FUNCTION "vendor_lead_counts_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "leads_count_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
        FOR EACH STATEMENT EXECUTE FUNCTION "vendor_lead_counts_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "leads_count_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_leads
        FOR EACH STATEMENT EXECUTE FUNCTION "vendor_lead_counts_apply"()`);
    await queryRunner.query(`
      INSERT INTO "vendor_lead_counts" ("vendor_id", "total", "accepted")
        SELECT "vendor_id", count(*), count(*) FILTER (WHERE "vendor_lead_action" = 'ACCEPT')
          FROM "leads" GROUP BY "vendor_id"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "leads_count_delete" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "leads_count_update" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "leads_count_insert" ON "leads"`);
    await queryRunner.query(`DROP FUNCTION "vendor_lead_counts_apply"()`);
    await queryRunner.query(`DROP TABLE "vendor_lead_counts"`);
  }
}
