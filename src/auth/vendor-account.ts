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
 * Where the access guard finds vendor accounts: the vendors module provides it (auth sits below the
 * modules it guards and imports none of them; the application wires the two together).
 */
export abstract class VendorAccounts {
  abstract findAccount(id: number): Promise<VendorAccount | null>;
}
