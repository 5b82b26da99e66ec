import { NamedSql } from '../database/named-sql';
import type { LeadAlertCode } from './entities/lead-alert-code.entity';
import type { LeadReAlert } from './entities/lead-re-alert.entity';

export const LEAD_ALERT_SQL = {
  /** Stores :vendorId's whole settings, over the ones it had; a foreign key violation without the vendor. */
  replaceSettings: new NamedSql(`
    INSERT INTO lead_alert_settings AS s (vendor_id, email, phone, email_enabled, sms_enabled, re_alert_after_minutes,
                                          email_confirmed_at, phone_confirmed_at)
    VALUES (:vendorId, :email, :phone, :emailEnabled, :smsEnabled, :reAlertAfterMinutes,
            :emailConfirmedAt::timestamptz, :phoneConfirmedAt::timestamptz)
    ON CONFLICT (vendor_id) DO UPDATE
      SET email = EXCLUDED.email, phone = EXCLUDED.phone, email_enabled = EXCLUDED.email_enabled,
          sms_enabled = EXCLUDED.sms_enabled, re_alert_after_minutes = EXCLUDED.re_alert_after_minutes,
          email_confirmed_at = EXCLUDED.email_confirmed_at, phone_confirmed_at = EXCLUDED.phone_confirmed_at,
          updated_at = now()`),

  /** The codes of :vendorId still good at :now (unused, unexpired, attempts left), locked until commit. */
  lockWaitingCodes: new NamedSql<LeadAlertCode>(`
    SELECT id, vendor_id AS "vendorId", channel, contact, code_hash AS "codeHash", attempts,
           expires_at AS "expiresAt", used_at AS "usedAt", created_at AS "createdAt"
    FROM lead_alert_codes
    WHERE vendor_id = :vendorId AND used_at IS NULL AND expires_at > :now AND attempts < :maxAttempts
    ORDER BY id
    FOR UPDATE`),

  /** A new code, stamped by the service's clock. */
  insertCode: new NamedSql<{ id: number }>(`
    INSERT INTO lead_alert_codes (vendor_id, channel, contact, code_hash, expires_at, created_at)
    VALUES (:vendorId, :channel, :contact, :codeHash, :expiresAt, :now)
    RETURNING id`),

  /** How many codes :vendorId was sent on :channel since :since: what bounds the texts one account can cause. */
  codesSentSince: new NamedSql<{ sent: number }>(`
    SELECT count(*)::int AS sent FROM lead_alert_codes
    WHERE vendor_id = :vendorId AND channel = :channel AND created_at > :since`),

  /** One more wrong code tried against each of :ids. */
  countAttempt: new NamedSql(`UPDATE lead_alert_codes SET attempts = attempts + 1 WHERE id = ANY(:ids::int[])`),

  /** The code :id used, and the contact it was sent to confirmed, if the settings still name it. */
  useCode: new NamedSql(`UPDATE lead_alert_codes SET used_at = :now WHERE id = :id`),
  confirmEmail: new NamedSql(`
    UPDATE lead_alert_settings SET email_confirmed_at = :now WHERE vendor_id = :vendorId AND email = :contact`),
  confirmPhone: new NamedSql(`
    UPDATE lead_alert_settings SET phone_confirmed_at = :now WHERE vendor_id = :vendorId AND phone = :contact`),

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
