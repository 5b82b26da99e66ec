import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import type { Vendor } from '../entities/vendor.entity';

export type VendorSummary = Pick<
  Vendor,
  'id' | 'vendorName' | 'email' | 'cityName' | 'provinceName' | 'activated' | 'packageType'
>;

export class VendorSummaryResponse implements VendorSummary {
  @ApiInteger(INT32_ID)
  id: number;
  vendorName: string;
  email: string;
  cityName: string;
  provinceName: string;
  activated: boolean;
  @ApiInteger({ min: 0, max: 1000 })
  packageType: number;

  static from(vendor: VendorSummary): VendorSummaryResponse {
    const { id, vendorName, email, cityName, provinceName, activated, packageType } = vendor;
    return { id, vendorName, email, cityName, provinceName, activated, packageType };
  }
}

/** The vendor search page, named as the spec names it: `number`, no `page`, no `last`. */
export class VendorPageResponse {
  content: VendorSummaryResponse[];
  @ApiInteger({ min: 0, max: Number.MAX_SAFE_INTEGER })
  totalElements: number;
  @ApiInteger({ min: 0 })
  totalPages: number;
  @ApiInteger({ min: 1, max: 100 })
  size: number;
  @ApiInteger({ min: 0 })
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
