import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import { Sql } from '../database/sql';
import type { VendorSummary } from './dto/vendor-summary.response';
import type { VendorFeature } from '../auth/vendor-account';
import { Vendor } from './entities/vendor.entity';
import type { VendorProfileValues } from './vendor-profile';
import { VENDOR_SQL, type VendorSearchCriteria, vendorSearchStatement } from './vendors.sql';

export type NewVendor = Pick<Vendor, 'vendorName' | 'email' | 'cityName' | 'provinceName'> &
  Partial<Pick<Vendor, 'packageType' | 'activated'>>;
export type VendorChanges = Partial<NewVendor & Pick<Vendor, VendorFeature> & VendorProfileValues>;

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

  async findById(id: number): Promise<Vendor | null> {
    const [vendor] = await this.sql.rows(VENDOR_SQL.byId.bind({ id }));
    return vendor ?? null;
  }

  /** The vendors whose own SMS sender number this is (managers should give a number to one vendor only). */
  findBySmsFromNumber(smsFromNumber: string): Promise<Vendor | null> {
    return this.vendors.findOneBy({ smsFromNumber });
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
    const rows = await this.sql.rows(vendorSearchStatement(criteria, offset, limit));
    const vendors = rows.filter((row) => row.id !== null).map(({ total: _total, ...vendor }) => vendor);
    return { vendors, total: rows[0].total };
  }

  create(vendor: NewVendor & Pick<Vendor, 'defaultLocale'>): Promise<Vendor> {
    return this.vendors.save(vendor);
  }

  /** Applies the changes and returns the row as stored, or null when there is no such vendor. */
  async update(id: number, changes: VendorChanges): Promise<Vendor | null> {
    const result = await this.vendors.update({ id }, changes);
    return result.affected ? this.findById(id) : null;
  }
}
