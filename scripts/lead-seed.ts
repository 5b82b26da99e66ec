import type { DataSource } from 'typeorm';

/**
 * Bulk test data for the index checks (the EXPLAIN script and e2e test): in one INSERT ... SELECT
 * generate_series, `leadsPerVendor` leads for each vendor, one every `spacing` going back from now,
 * in a realistic mix: 30% accepted (mostly with a final status, some needing an update), 20%
 * declined, the rest waiting (the last three days) or expired, and a few overdue leads the expiry
 * job has not stored yet. A decided lead was answered 5 minutes to 10 hours after its assignment and
 * first viewed halfway there.
 */
export async function seedLeads(
  dataSource: DataSource,
  vendorIds: number[],
  leadsPerVendor: number,
  spacing = '5 minutes',
): Promise<void> {
  await dataSource.query(
    `
    INSERT INTO leads (vendor_id, date_created, date_modified, action_date, category, customer_name, customer_email,
                       customer_phone, customer_address, project_details_html, original_job_description,
                       vendor_notification_viewed, vendor_lead_action, decline_reason, post_lead_status,
                       post_lead_status_date, first_viewed_at)
    SELECT vendor_id, created, created, CASE WHEN action IN ('ACCEPT', 'DECLINE') THEN created + answered_after END,
           'Renovation', 'Customer ' || n, 'customer' || n || '@seed.example', '416-555-0100', n || ' Main St',
           '<p>Project ' || n || '</p>', 'Job ' || n, action <> 'NONE', action,
           CASE WHEN action = 'DECLINE' THEN 'Too far' END, status, CASE WHEN status IS NOT NULL THEN created + interval '1 day' END,
           CASE WHEN action IN ('ACCEPT', 'DECLINE') THEN created + answered_after / 2 END
    FROM (
      SELECT n, vendor_id, created, action, make_interval(mins => 5 + (n * 37) % 600) AS answered_after,
             CASE WHEN action = 'ACCEPT' THEN
               CASE (n / 10) % 20 WHEN 0 THEN NULL WHEN 1 THEN 'QUOTE_SENT' WHEN 2 THEN 'CONTACT_MADE'
                    ELSE CASE WHEN n % 2 = 0 THEN 'JOB_WON' ELSE 'LEAD_LOST' END END
             END::post_lead_status AS status
      FROM (
        SELECT n, vendor_id, created,
               CASE WHEN n % 1000 = 7 THEN 'NONE'
                    WHEN n % 10 < 3 THEN 'ACCEPT'
                    WHEN n % 10 < 5 THEN 'DECLINE'
                    WHEN created > now() - interval '3 days' THEN 'NONE'
                    ELSE 'EXPIRED' END::lead_action AS action
        FROM (
          SELECT n, ($1::int[])[1 + n % cardinality($1::int[])] AS vendor_id,
                 now() - (n / cardinality($1::int[])) * $3::interval AS created
          FROM generate_series(0, $2 * cardinality($1::int[]) - 1) AS n
        ) AS spread
      ) AS decided
    ) AS seeded`,
    [vendorIds, leadsPerVendor, spacing],
  );
}

/** `count` vendors in one statement; answers their ids. */
export async function seedVendors(dataSource: DataSource, count: number): Promise<number[]> {
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO vendors (vendor_name, email, city_name, province_name)
     SELECT 'Seed vendor ' || n, 'seed' || n || '@seed.example', 'Toronto', 'Ontario' FROM generate_series(1, $1) AS n
     RETURNING id`,
    [count],
  );
  return rows.map((row) => row.id);
}
