import type { Vendor } from '../entities/vendor.entity';

export class VendorSummaryResponse {
  id: number;
  vendorName: string;
  email: string;
  cityName: string;
  provinceName: string;
  activated: boolean;
  packageType: number;

  static from(vendor: Vendor): VendorSummaryResponse {
    const { id, vendorName, email, cityName, provinceName, activated, packageType } = vendor;
    return { id, vendorName, email, cityName, provinceName, activated, packageType };
  }
}
