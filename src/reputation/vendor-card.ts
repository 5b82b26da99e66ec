import type { Operator } from '../notifications/rendering/render-notification';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { vendorContactOf } from '../vendors/vendor-profile';

/** The vendor a customer page is from, how the customer reaches it, and who sends for it (CASL). */
export interface VendorCard {
  vendorName: string;
  contact: string | null;
  /** The vendor's mailing address, else the operator's; null when neither is set (outside production). */
  mailingAddress: string | null;
  /** Who sends the messages and runs the pages for the vendor. */
  operatorName: string;
}

/**
 * The vendor, how to reach it and where it is (its profile's contact and mailing address, else the
 * operator's), and the operator sending for it. A text identifies its sender through the page it links
 * to, so every page carries all of it.
 */
export const vendorCard = (vendor: Vendor, operator: Operator): VendorCard => ({
  vendorName: vendor.vendorName,
  contact: vendorContactOf(vendor) ?? operator.contact,
  mailingAddress: vendor.mailingAddress ?? operator.mailingAddress,
  operatorName: operator.name,
});
