import type { AutomationSettings } from './entities/automation-settings.entity';

/** What a vendor sets (docs/contract.md#automation): the body and answer of both APIs' automation-settings routes. */
export type AutomationSettingsValues = Omit<AutomationSettings, 'vendorId' | 'vendor' | 'updatedAt'>;

export const REMINDER_DELAY_MINUTES = { min: 1, max: 20_160 } as const;
export const AUTO_REVIEW_REQUEST_DELAY_MINUTES = { min: 0, max: 10_080 } as const;

/** A vendor that never saved its settings has these (the columns' defaults say the same). */
export const DEFAULT_AUTOMATION_SETTINGS: Readonly<AutomationSettingsValues> = Object.freeze({
  reminderEnabled: true,
  reminderDelayMinutes: 4320,
  quietHoursStart: '20:00',
  quietHoursEnd: '09:00',
  timeZone: 'America/Toronto',
  autoReviewRequestOnJobWon: false,
  autoReviewRequestDelayMinutes: 120,
});

/** Every setting, in the order the answers list them. */
export const AUTOMATION_SETTING_NAMES = Object.keys(DEFAULT_AUTOMATION_SETTINGS) as (keyof AutomationSettingsValues)[];

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

// Area/Location names, links such as US/Eastern, and UTC or EST5EDT; not offsets such as +05:00.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical zone names of the runtime's time-zone database, and UTC: what the API document lists.
 * isIanaTimeZone takes these and the database's links too (US/Eastern).
 */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** Whether the runtime's time-zone database (ICU, kept up to date with Node) knows this IANA name. */
export function isIanaTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
