import { NamedSql } from '../database/named-sql';
import type { LeadReAlert } from './entities/lead-re-alert.entity';

export const LEAD_ALERT_SQL = {
  /** Stores :vendorId's whole settings, over the ones it had; a foreign key violation without the vendor. */
  replaceSettings: new NamedSql(`
    INSERT INTO lead_alert_settings AS s (vendor_id, email, phone, email_enabled, sms_enabled, re_alert_after_minutes)
    VALUES (:vendorId, :email, :phone, :emailEnabled, :smsEnabled, :reAlertAfterMinutes)
    ON CONFLICT (vendor_id) DO UPDATE
      SET email = EXCLUDED.email, phone = EXCLUDED.phone, email_enabled = EXCLUDED.email_enabled,
          sms_enabled = EXCLUDED.sms_enabled, re_alert_after_minutes = EXCLUDED.re_alert_after_minutes,
          updated_at = now()`),

  /**
   * Up to :limit waiting re-alerts due at :now, oldest first, locked to the end of the transaction;
   * rows another transaction holds are skipped (it is sending them), so concurrent passes share the work.
   */
  claimDueReAlerts: new NamedSql<LeadReAlert>(`
    SELECT lead_id AS "leadId", vendor_id AS "vendorId", due_at AS "dueAt", outcome, settled_at AS "settledAt"
    FROM lead_re_alerts
    WHERE outcome IS NULL AND due_at <= :now
    ORDER BY due_at
    LIMIT :limit
    FOR UPDATE SKIP LOCKED`),
};
