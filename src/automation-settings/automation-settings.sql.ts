import { NamedSql } from '../database/named-sql';
import type { AutomationSettings } from './entities/automation-settings.entity';

/** A vendor's settings as stored. */
export type StoredAutomationSettings = Omit<AutomationSettings, 'vendor'>;

export const AUTOMATION_SETTINGS_SQL = {
  /** :vendorId's stored settings (read for each review request it sends: prepared). */
  find: new NamedSql<StoredAutomationSettings>(
    `
    SELECT vendor_id AS "vendorId", reminder_enabled AS "reminderEnabled", reminder_delay_minutes AS "reminderDelayMinutes",
           quiet_hours_start AS "quietHoursStart", quiet_hours_end AS "quietHoursEnd", time_zone AS "timeZone",
           auto_review_request_on_job_won AS "autoReviewRequestOnJobWon",
           auto_review_request_delay_minutes AS "autoReviewRequestDelayMinutes", updated_at AS "updatedAt"
      FROM automation_settings WHERE vendor_id = :vendorId`,
    { prepare: true },
  ),

  /** Stores :vendorId's whole settings, over the ones it had; a foreign key violation without the vendor. */
  replace: new NamedSql(`
    INSERT INTO automation_settings AS s (vendor_id, reminder_enabled, reminder_delay_minutes, quiet_hours_start,
      quiet_hours_end, time_zone, auto_review_request_on_job_won, auto_review_request_delay_minutes)
    VALUES (:vendorId, :reminderEnabled, :reminderDelayMinutes, :quietHoursStart, :quietHoursEnd, :timeZone,
            :autoReviewRequestOnJobWon, :autoReviewRequestDelayMinutes)
    ON CONFLICT (vendor_id) DO UPDATE
      SET reminder_enabled = EXCLUDED.reminder_enabled, reminder_delay_minutes = EXCLUDED.reminder_delay_minutes,
          quiet_hours_start = EXCLUDED.quiet_hours_start, quiet_hours_end = EXCLUDED.quiet_hours_end,
          time_zone = EXCLUDED.time_zone, auto_review_request_on_job_won = EXCLUDED.auto_review_request_on_job_won,
          auto_review_request_delay_minutes = EXCLUDED.auto_review_request_delay_minutes, updated_at = now()`),

  /** :vendorId's row with the columns' defaults, unless it has one; a foreign key violation without the vendor. */
  insertDefaults: new NamedSql(`INSERT INTO automation_settings (vendor_id) VALUES (:vendorId) ON CONFLICT DO NOTHING`),
};
