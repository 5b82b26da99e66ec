import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each count's condition on a lead, by its column of `vendor_lead_counts`. */
export type CountedLeads = Record<string, string>;

/** The counts this migration keeps. */
export const LEAD_COUNTS: CountedLeads = { total: 'TRUE', accepted: `vendor_lead_action = 'ACCEPT'` };

/** A table of lead counts the trigger keeps: its key columns, each with its expression on a lead, and its counts. */
export interface LeadCountTable {
  name: string;
  key: Record<string, string>;
  counted: CountedLeads;
}

/** `vendor_lead_counts`: one row per vendor. */
export const vendorLeadCounts = (counted: CountedLeads): LeadCountTable => ({
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
export function leadCountsFunction(...tables: LeadCountTable[]): string {
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
    await queryRunner.query(leadCountsFunction(vendorLeadCounts(LEAD_COUNTS)));
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
