import type { Vendor } from '../entities/vendor.entity';

export type VendorSummary = Pick<
  Vendor,
  'id' | 'vendorName' | 'email' | 'cityName' | 'provinceName' | 'activated' | 'packageType'
>;

export class VendorSummaryResponse implements VendorSummary {
  id: number;
  vendorName: string;
  email: string;
  cityName: string;
  provinceName: string;
  activated: boolean;
  packageType: number;

  static from(vendor: VendorSummary): VendorSummaryResponse {
    const { id, vendorName, email, cityName, provinceName, activated, packageType } = vendor;
    return { id, vendorName, email, cityName, provinceName, activated, packageType };
  }
}

/** The vendor search page, named as the spec names it: `number`, no `page`, no `last`. */
export class VendorPageResponse {
  content: VendorSummaryResponse[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;

  static of(vendors: VendorSummary[], totalElements: number, number: number, size: number): VendorPageResponse {
    return {
      content: vendors.map((vendor) => VendorSummaryResponse.from(vendor)),
      totalElements,
      totalPages: Math.ceil(totalElements / size),
      size,
      number,
    };
  }
}
