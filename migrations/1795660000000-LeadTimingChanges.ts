import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each vendor's count of changes to its leads' timings: a lead assigned or removed, or a change to the
 * columns the response-time figures read (vendor, assignment, action, first view, action date). Kept by
 * statement triggers on `leads` in the same transaction as the change, whichever statement makes it
 * (the service's, a migration's, an operator's), so an instance that remembers a vendor's figures
 * knows they still hold by reading one number (see `LeadResponseTimesMemo`).
 *
 * Statement-level triggers with transition tables, as the lead counts beside it: a bulk insert adds
 * once per vendor; rows are upserted in vendor order, so statements touching several vendors lock them
 * in the same order.
 */
export class LeadTimingChanges1795660000000 implements MigrationInterface {
  name = 'LeadTimingChanges1795660000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "vendor_lead_counts" ADD COLUMN "timing_changes" bigint NOT NULL DEFAULT 0`);
    const add = (changedLeads: string) => `
          INSERT INTO vendor_lead_counts AS counts (vendor_id, timing_changes)
            SELECT vendor_id, count(*) FROM (${changedLeads}) AS changed GROUP BY vendor_id ORDER BY vendor_id
            ON CONFLICT (vendor_id) DO UPDATE SET timing_changes = counts.timing_changes + excluded.timing_changes;`;
    const timing = (lead: string) =>
      `(${lead}.vendor_id, ${lead}.date_created, ${lead}.vendor_lead_action, ${lead}.first_viewed_at, ${lead}.action_date)`;
    // A lead moved to another vendor changes both vendors' figures.
    const updated = `
      SELECT changed.vendor_id FROM old_leads o JOIN new_leads n USING (id),
        LATERAL (VALUES (n.vendor_id), (nullif(o.vendor_id, n.vendor_id))) AS changed (vendor_id)
       WHERE ${timing('o')} IS DISTINCT FROM ${timing('n')} AND changed.vendor_id IS NOT NULL`;
    await queryRunner.query(`
      CREATE FUNCTION "vendor_lead_timing_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${add('SELECT vendor_id FROM new_leads')}
        ELSIF TG_OP = 'UPDATE' THEN ${add(updated)}
        ELSE ${add('SELECT vendor_id FROM old_leads')}
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_leads'],
      ['UPDATE', 'OLD TABLE AS old_leads NEW TABLE AS new_leads'],
      ['DELETE', 'OLD TABLE AS old_leads'],
    ]) {
      await queryRunner.query(`
        CREATE TRIGGER "leads_timing_changes_${event.toLowerCase()}" AFTER ${event} ON "leads" REFERENCING ${tables}
          FOR EACH STATEMENT EXECUTE FUNCTION "vendor_lead_timing_changes_apply"()`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['delete', 'update', 'insert']) {
      await queryRunner.query(`DROP TRIGGER "leads_timing_changes_${event}" ON "leads"`);
    }
    await queryRunner.query(`DROP FUNCTION "vendor_lead_timing_changes_apply"()`);
    await queryRunner.query(`ALTER TABLE "vendor_lead_counts" DROP COLUMN "timing_changes"`);
  }
}
