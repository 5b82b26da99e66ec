export const VENDOR_FEATURES = [
  'enableFullRMS',
  'enableStandaloneFeedbackBooster',
  'enableStandaloneReviewBooster',
] as const;
export type VendorFeature = (typeof VENDOR_FEATURES)[number];

/** What the guards and the vendor API's handlers know of the calling vendor: one narrow read per request. */
export type VendorAccount = {
  id: number;
  vendorName: string;
  activated: boolean;
} & Record<VendorFeature, boolean>;

/**
 * Where auth finds vendor accounts: the vendors module provides it (auth sits below the modules it
 * guards and imports none of them; the application wires the two together).
 */
export abstract class VendorAccounts {
  /**
   * A SELECT of `VendorAccount`'s columns of the vendor `:accountId`, no row when there is none. Auth
   * reads it as a sub-select of the request's key (`keyWithAccountSql`): one statement and one round trip
   * per request, while the vendors module alone writes SQL on its table and auth alone on its keys.
   */
  abstract readonly accountSelect: string;
}
