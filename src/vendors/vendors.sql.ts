import { NamedSql } from '../database/named-sql';
import type { Vendor } from './entities/vendor.entity';
import type { Statement } from '../database/statement';
import type { VendorSummary } from './dto/vendor-summary.response';

/** A vendor matches when any given criterion holds; no criterion matches every vendor. */
export interface VendorSearchCriteria {
  /** Case-insensitive part of the name, taken literally (LIKE wildcards are escaped). */
  nameContains?: string;
  id?: number;
}

const SUMMARY_COLUMNS = `id, vendor_name AS "vendorName", email, city_name AS "cityName",
  province_name AS "provinceName", activated, package_type AS "packageType"`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const NAME_CONTAINS = `lower(vendor_name) LIKE '%' || lower(:nameContains) || '%'`;
const ID_IS = `id = :id`;

/**
 * A search as one statement (run by the repository and by the benchmark's baseline): the matches'
 * number on every row, and the page's vendors in name order; a page past the end is one row with the
 * number and no vendor. :limit, :offset, and the criteria's values.
 * With a name, the matches are materialized: the trigram index is scanned once, and the count and the
 * page both read that result (a count and a page statement scanned it twice). With no criterion the
 * CTE is inlined: the count reads the table its cheapest way and the page walks idx_vendors_lower_name_id.
 */
const searchSql = (conditions: string[]): NamedSql<VendorSummary & { total: number }> =>
  new NamedSql(
    `WITH matches AS ${conditions.length ? '' : 'NOT '}MATERIALIZED (
       SELECT id, lower(vendor_name) AS name_key FROM vendors ${conditions.length ? `WHERE ${conditions.join(' OR ')}` : ''})
     SELECT counted.total, page.*
       FROM (SELECT count(*) AS total FROM matches) AS counted
       LEFT JOIN LATERAL (
         SELECT ${SUMMARY_COLUMNS}
           FROM (SELECT id, name_key FROM matches ORDER BY name_key, id LIMIT :limit OFFSET :offset) AS listed
           JOIN vendors USING (id)
          ORDER BY listed.name_key, listed.id) AS page ON TRUE`,
    { prepare: true, numbering: ['limit', 'offset', 'nameContains', 'id'] },
  );

/** The search's statement for each combination of criteria given: by name, by id. */
const SEARCH = {
  none: searchSql([]),
  name: searchSql([NAME_CONTAINS]),
  id: searchSql([ID_IS]),
  nameOrId: searchSql([NAME_CONTAINS, ID_IS]),
};

export const VENDOR_SQL = {
  /**
   * The vendor :id, every column as the entity names it: read by every message to its customers and
   * most writes (prepared).
   */
  byId: new NamedSql<Vendor>(
    `
    SELECT id, vendor_name AS "vendorName", email, city_name AS "cityName", province_name AS "provinceName",
           activated, package_type AS "packageType", enable_full_rms AS "enableFullRMS",
           enable_standalone_feedback_booster AS "enableStandaloneFeedbackBooster",
           enable_standalone_review_booster AS "enableStandaloneReviewBooster", default_locale AS "defaultLocale",
           mailing_address AS "mailingAddress", contact_phone AS "contactPhone", contact_email AS "contactEmail",
           website_url AS "websiteUrl", sms_from_number AS "smsFromNumber",
           created_at AS "createdAt", updated_at AS "updatedAt"
      FROM vendors WHERE id = :id`,
    { prepare: true },
  ),
};

/**
 * The account of every vendor API request: `VendorAccount`'s columns of the vendor :accountId (no row
 * when there is none), the text auth reads them with through the `VendorAccounts` port, in the same
 * statement as the request's key.
 */
export const VENDOR_ACCOUNT_SELECT = `SELECT id, vendor_name AS "vendorName", activated,
  enable_full_rms AS "enableFullRMS", enable_standalone_feedback_booster AS "enableStandaloneFeedbackBooster",
  enable_standalone_review_booster AS "enableStandaloneReviewBooster"
  FROM vendors WHERE id = :accountId`;

/** A search (see `searchSql`), also run by the benchmark's baseline. */
export function vendorSearchStatement(
  criteria: VendorSearchCriteria,
  offset: number,
  limit: number,
): Statement<VendorSummary & { total: number }> {
  const byName = Boolean(criteria.nameContains);
  const byId = criteria.id !== undefined;
  const sql = byName ? (byId ? SEARCH.nameOrId : SEARCH.name) : byId ? SEARCH.id : SEARCH.none;
  return sql.bind({ limit, offset, nameContains: escapeLike(criteria.nameContains ?? ''), id: criteria.id ?? null });
}
