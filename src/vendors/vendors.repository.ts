import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Vendor, VendorFeature } from './entities/vendor.entity';

export type NewVendor = Pick<Vendor, 'vendorName' | 'email' | 'cityName' | 'provinceName'> &
  Partial<Pick<Vendor, 'packageType' | 'activated'>>;
export type VendorChanges = Partial<NewVendor & Pick<Vendor, VendorFeature>>;

@Injectable()
export class VendorsRepository {
  constructor(@InjectRepository(Vendor) private readonly vendors: Repository<Vendor>) {}

  findById(id: number): Promise<Vendor | null> {
    return this.vendors.findOneBy({ id });
  }

  create(vendor: NewVendor): Promise<Vendor> {
    return this.vendors.save(this.vendors.create(vendor));
  }

  /** Applies the changes and returns the row as stored, or null when there is no such vendor. */
  async update(id: number, changes: VendorChanges): Promise<Vendor | null> {
    const result = await this.vendors.update({ id }, changes);
    return result.affected ? this.findById(id) : null;
  }
}
