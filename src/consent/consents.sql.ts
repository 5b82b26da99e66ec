import { NamedSql } from '../database/named-sql';
import type { LedgerLine } from './consent-basis';

/** A ledger line as the reads, the export and the erasure show it. */
export interface ConsentRecord extends LedgerLine {
  contact: string | null;
  source: string;
  evidence: Record<string, unknown>;
  withdrawalId: number | null;
  recordedAt: Date;
}

const COLUMNS = `id, vendor_id AS "vendorId", contact, kind, source, evidence, starts_at AS "startsAt",
  ends_at AS "endsAt", withdrawal_id AS "withdrawalId", recorded_at AS "recordedAt"`;

/**
 * One line for each of :consentContacts, the rest alike (`ConsentLines`): a statement of its own, or a
 * part (a CTE) of a caller's statement, which gives the values `ConsentService.statedOnRequest` answers.
 */
export const CONSENT_LINES_INSERT = `
    INSERT INTO consents (vendor_id, contact, kind, source, evidence, starts_at, ends_at)
    SELECT :consentVendorId::integer, contact, :consentKind::consent_kind, :consentSource::varchar,
           :consentEvidence::jsonb, :consentStartsAt::timestamptz, :consentEndsAt::timestamptz
      FROM unnest(:consentContacts::text[]) AS contact`;

/** The consent ledger's statements (docs/contract.md#consent). */
export const CONSENT_SQL = {
  /** One line; answers its id. */
  insert: new NamedSql<{ id: number }>(`
    INSERT INTO consents (vendor_id, contact, contact_hash, kind, source, evidence, starts_at, ends_at)
    VALUES (:vendorId, :contact, :contactHash, :kind::consent_kind, :source, :evidence::jsonb, :startsAt, :endsAt)
    RETURNING id`),

  insertLines: new NamedSql(CONSENT_LINES_INSERT, { prepare: true }),

  /**
   * The check's one read, one range of idx_consents_contact per contact: the lines of :contacts for
   * :vendorIds and those of every vendor (withdrawals, vendor_id null, counted as the first of
   * :vendorIds), newest first. The vendors are a filter on the few lines of a contact, so the plan is one
   * index scan, not one for each side of an OR. Planned at each run, not prepared: a generic plan chosen
   * while the table was small kept reading it whole.
   */
  linesOf: new NamedSql<ConsentRecord>(
    `SELECT ${COLUMNS} FROM consents
      WHERE contact = ANY(:contacts::text[])
        AND coalesce(vendor_id, (:vendorIds::integer[])[1]) = ANY(:vendorIds::integer[])
      ORDER BY id DESC`,
  ),

  /** Ends, at :at, the bases of :contacts in force then (of :vendorId, or of every vendor when null), by :withdrawalId. */
  endBases: new NamedSql(`
    UPDATE consents SET ends_at = :at, withdrawal_id = :withdrawalId
     WHERE contact = ANY(:contacts::text[]) AND (:vendorId::integer IS NULL OR vendor_id = :vendorId)
       AND kind <> 'WITHDRAWAL' AND starts_at <= :at AND (ends_at IS NULL OR ends_at > :at)`),

  /** :vendorId's bases in force at :at that end before :until (idx_consents_ending), soonest first. */
  endingBefore: new NamedSql<ConsentRecord>(
    `SELECT ${COLUMNS} FROM consents
      WHERE vendor_id = :vendorId AND ends_at > :at AND ends_at <= :until AND kind <> 'WITHDRAWAL'
      ORDER BY ends_at, id LIMIT :limit`,
  ),

  /** Every line holding one of :contacts (any vendor), and the lines :ids: a person's export and erasure. */
  ofPerson: new NamedSql<ConsentRecord>(
    `SELECT ${COLUMNS} FROM consents WHERE contact = ANY(:contacts::text[]) OR id = ANY(:ids::bigint[]) ORDER BY id`,
  ),

  /** The bases among :ids are deleted (the person's details go with them). */
  deleteBases: new NamedSql(`DELETE FROM consents WHERE id = ANY(:ids::bigint[]) AND kind <> 'WITHDRAWAL'`),

  /** The withdrawal :id keeps its proof: its contact becomes :contactHash, its evidence only that it was honoured. */
  keepWithdrawalProof: new NamedSql(`
    UPDATE consents SET contact_hash = :contactHash, contact = NULL, evidence = '{"honoured": true}'::jsonb
     WHERE id = :id AND kind = 'WITHDRAWAL'`),

  /** Retention: up to :limit bases that ended before :cutoff, deleted (withdrawals stay, as the suppression list). */
  deleteEndedBefore: new NamedSql(`
    DELETE FROM consents WHERE id IN (
      SELECT id FROM consents WHERE kind <> 'WITHDRAWAL' AND ends_at < :cutoff ORDER BY id LIMIT :limit)`),
};
