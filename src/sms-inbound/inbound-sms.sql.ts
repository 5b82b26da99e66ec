import { NamedSql } from '../database/named-sql';
import type { WalkedRow } from '../common/privacy/retention-walk';
import type { InboundSms } from './entities/inbound-sms.entity';

/** A text as a person's export shows it. */
export type InboundSmsRecord = Pick<
  InboundSms,
  'id' | 'vendorId' | 'processId' | 'sender' | 'phone' | 'recipient' | 'body' | 'kind' | 'receivedAt'
>;

const RECORD_COLUMNS = `id, vendor_id AS "vendorId", process_id AS "processId", sender, phone, recipient, body, kind,
  received_at AS "receivedAt"`;

export const INBOUND_SMS_SQL = {
  /** The texts from :phones (idx_inbound_sms_phone) and those stored on :processIds (idx_inbound_sms_process). */
  ofPerson: new NamedSql<InboundSmsRecord>(`
    SELECT ${RECORD_COLUMNS} FROM inbound_sms WHERE phone = ANY(:phones::text[])
    UNION SELECT ${RECORD_COLUMNS} FROM inbound_sms WHERE process_id = ANY(:processIds::bigint[])
    ORDER BY id`),

  /** Sender and body :erased and the phone null, on the rows of :ids that still hold any of them. */
  erase: new NamedSql(`
    UPDATE inbound_sms SET sender = :erased::text, phone = NULL, body = :erased::text
    WHERE id = ANY(:ids::bigint[]) AND (sender <> :erased::text OR phone IS NOT NULL OR body <> :erased::text)`),

  /** Retention: the bodies :erased among the next :limit texts after :afterId received before :cutoff. */
  blankBodiesBefore: new NamedSql<WalkedRow>(`
    WITH batch AS (
      SELECT id, received_at < :cutoff AND body <> :erased::text AS old, received_at >= :cutoff AS young
        FROM inbound_sms WHERE id > :afterId ORDER BY id LIMIT :limit),
    blanked AS (
      UPDATE inbound_sms t SET body = :erased::text, sender = :erased::text, phone = NULL
        FROM batch WHERE t.id = batch.id AND batch.old RETURNING t.id)
    SELECT id, old, young FROM batch ORDER BY id`),
};
