import type { LeadAlertSettings } from './entities/lead-alert-settings.entity';

/** What is stored: `email` null means the vendor's account e-mail. */
export type StoredLeadAlertSettings = Omit<LeadAlertSettings, 'vendorId' | 'vendor' | 'updatedAt'>;

/** What both APIs answer (docs/contract.md#speed-to-lead): the e-mail resolved to the one alerts go to. */
export interface LeadAlertSettingsValues extends StoredLeadAlertSettings {
  email: string;
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
