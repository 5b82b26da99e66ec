import type { Statement } from '../database/statement';

/** A vendor matches when any given criterion holds; no criterion matches every vendor. */
export interface VendorSearchCriteria {
  /** Case-insensitive part of the name, taken literally (LIKE wildcards are escaped). */
  nameContains?: string;
  id?: number;
}

const SUMMARY_COLUMNS = `id, vendor_name AS "vendorName", email, city_name AS "cityName",
  province_name AS "provinceName", activated, package_type AS "packageType"`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search as one statement (run by the repository and by the benchmark's baseline): the matches'
 * number on every row, and the page's vendors in name order; a page past the end is one row with the
 * number and no vendor.
 * With a name, the matches are materialized: the trigram index is scanned once, and the count and the
 * page both read that result (a count and a page statement scanned it twice). With no criterion the
 * CTE is inlined: the count reads the table its cheapest way and the page walks idx_vendors_lower_name_id.
 */
export function vendorSearchStatement(criteria: VendorSearchCriteria, offset: number, limit: number): Statement {
  const conditions: string[] = [];
  const parameters: unknown[] = [limit, offset];
  if (criteria.nameContains) {
    parameters.push(escapeLike(criteria.nameContains));
    conditions.push(`lower(vendor_name) LIKE '%' || lower($${parameters.length}) || '%'`);
  }
  if (criteria.id !== undefined) {
    parameters.push(criteria.id);
    conditions.push(`id = $${parameters.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' OR ')}` : '';
  return {
    sql: `WITH matches AS ${conditions.length ? '' : 'NOT '}MATERIALIZED (
            SELECT id, lower(vendor_name) AS name_key FROM vendors ${where})
          SELECT counted.total, page.*
            FROM (SELECT count(*) AS total FROM matches) AS counted
            LEFT JOIN LATERAL (
              SELECT ${SUMMARY_COLUMNS}
                FROM (SELECT id, name_key FROM matches ORDER BY name_key, id LIMIT $1 OFFSET $2) AS listed
                JOIN vendors USING (id)
               ORDER BY listed.name_key, listed.id) AS page ON TRUE`,
    parameters,
    prepare: true,
  };
}
