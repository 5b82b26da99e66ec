import type { LeadAlertSettings } from './entities/lead-alert-settings.entity';

/** What a PUT stores: `email` null means the vendor's account e-mail. */
export type StoredLeadAlertSettings = Omit<
  LeadAlertSettings,
  'vendorId' | 'vendor' | 'updatedAt' | 'emailConfirmedAt' | 'phoneConfirmedAt'
>;

/**
 * What both APIs answer (docs/contract.md#speed-to-lead): the e-mail resolved to the one set (the
 * vendor's account e-mail unless another was), and whether each contact is confirmed: the account
 * e-mail always is; another e-mail, or a phone, once its code was entered.
 */
export interface LeadAlertSettingsValues extends StoredLeadAlertSettings {
  email: string;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
}

export const RE_ALERT_AFTER_MINUTES = { min: 0, max: 1440 } as const;

/** A vendor that never saved its settings has these (the columns' defaults say the same). */
export const DEFAULT_LEAD_ALERT_SETTINGS: Readonly<StoredLeadAlertSettings> = Object.freeze({
  email: null,
  phone: null,
  emailEnabled: true,
  smsEnabled: false,
  reAlertAfterMinutes: 30,
});
