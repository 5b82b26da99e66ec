import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import { Sql } from '../database/sql';
import type { Statement } from '../database/statement';
import type { VendorSummary } from './dto/vendor-summary.response';
import type { VendorAccount, VendorFeature } from '../auth/vendor-account';
import { Vendor } from './entities/vendor.entity';

export type NewVendor = Pick<Vendor, 'vendorName' | 'email' | 'cityName' | 'provinceName'> &
  Partial<Pick<Vendor, 'packageType' | 'activated'>>;
export type VendorChanges = Partial<NewVendor & Pick<Vendor, VendorFeature>>;

/** A vendor matches when any given criterion holds; no criterion matches every vendor. */
export interface VendorSearchCriteria {
  /** Case-insensitive part of the name, taken literally (LIKE wildcards are escaped). */
  nameContains?: string;
  id?: number;
}

const SUMMARY_COLUMNS = `id, vendor_name AS "vendorName", email, city_name AS "cityName",
  province_name AS "provinceName", activated, package_type AS "packageType"`;

/** The account of every vendor API request: the columns the guards and handlers use, by primary key. */
const ACCOUNT_SQL = `SELECT id, vendor_name AS "vendorName", activated, active_token_id AS "activeTokenId",
  enable_full_rms AS "enableFullRMS", enable_standalone_feedback_booster AS "enableStandaloneFeedbackBooster",
  enable_standalone_review_booster AS "enableStandaloneReviewBooster"
  FROM vendors WHERE id = $1`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class VendorsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** In the caller's transaction when there is one. */
  private get vendors(): Repository<Vendor> {
    return this.txHost.tx.getRepository(Vendor);
  }

  findById(id: number): Promise<Vendor | null> {
    return this.vendors.findOneBy({ id });
  }

  /**
   * A search as one statement (the benchmark's baseline runs it too): the matches' number on every row,
   * and the page's vendors in name order; a page past the end is one row with the number and no vendor.
   * With a name, the matches are materialized: the trigram index is scanned once, and the count and the
   * page both read that result (a count and a page statement scanned it twice). With no criterion the
   * CTE is inlined: the count reads the table its cheapest way and the page walks idx_vendors_lower_name_id.
   */
  searchStatement(criteria: VendorSearchCriteria, offset: number, limit: number): Statement {
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
    };
  }

  /**
   * One page of matching vendors in name order, and the number of matches. The name test and the order
   * are on lower(vendor_name), which the trigram index idx_vendors_name_trgm and the btree index
   * idx_vendors_lower_name_id cover (see the VendorSearchIndexes migration).
   */
  async search(
    criteria: VendorSearchCriteria,
    offset: number,
    limit: number,
  ): Promise<{ vendors: VendorSummary[]; total: number }> {
    const rows = await this.sql.rows<VendorSummary & { total: number }>(this.searchStatement(criteria, offset, limit));
    const vendors = rows.filter((row) => row.id !== null).map(({ total: _total, ...vendor }) => vendor);
    return { vendors, total: rows[0].total };
  }

  async findAccount(id: number): Promise<VendorAccount | null> {
    const [account] = await this.sql.rows<VendorAccount>({ sql: ACCOUNT_SQL, parameters: [id] });
    return account ?? null;
  }

  /** Makes jti the vendor's only valid token; false when there is no such vendor. */
  async setActiveToken(id: number, jti: string): Promise<boolean> {
    const result = await this.vendors.update({ id }, { activeTokenId: jti });
    return (result.affected ?? 0) > 0;
  }

  create(vendor: NewVendor): Promise<Vendor> {
    return this.vendors.save(vendor);
  }

  /** Applies the changes and returns the row as stored, or null when there is no such vendor. */
  async update(id: number, changes: VendorChanges): Promise<Vendor | null> {
    const result = await this.vendors.update({ id }, changes);
    return result.affected ? this.findById(id) : null;
  }
}
