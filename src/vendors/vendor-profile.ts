import type { Vendor } from './entities/vendor.entity';

/** A phone number in E.164: +, then 8 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** Who the vendor is to its customers (docs/contract.md#language). */
export type VendorProfileValues = Pick<
  Vendor,
  'defaultLocale' | 'mailingAddress' | 'contactPhone' | 'contactEmail' | 'websiteUrl' | 'smsFromNumber'
>;

/** A profile as a PUT gives it: `smsFromNumber` undefined (the vendor's own PUT) keeps the stored number. */
export type VendorProfileReplacement = Partial<VendorProfileValues>;

export function profileOf(vendor: Vendor): VendorProfileValues {
  const { defaultLocale, mailingAddress, contactPhone, contactEmail, websiteUrl, smsFromNumber } = vendor;
  return { defaultLocale, mailingAddress, contactPhone, contactEmail, websiteUrl, smsFromNumber };
}

/** How customers reach the vendor: its profile's phone, else its e-mail, else its web site (null: none). */
export function vendorContactOf(vendor: Pick<Vendor, 'contactPhone' | 'contactEmail' | 'websiteUrl'>): string | null {
  return vendor.contactPhone ?? vendor.contactEmail ?? vendor.websiteUrl;
}
