import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { ConsentKind } from './consent-basis';
import { CONSENT_SQL, type ConsentRecord } from './consents.sql';

/** A line to add to the ledger. */
export interface NewConsentLine {
  vendorId: number | null;
  contact: string | null;
  /** Only on an erasure's withdrawal, whose contact is never stored. */
  contactHash?: string;
  kind: ConsentKind;
  source: string;
  evidence: Record<string, unknown>;
  startsAt: Date;
  endsAt: Date | null;
}

/** Lines alike for several contacts, as the values of `CONSENT_LINES_INSERT`. */
export type ConsentLines = Readonly<Record<string, unknown>>;

/** The consent ledger's rows; only this module reads `consents`. */
@Injectable()
export class ConsentsRepository {
  constructor(private readonly sql: Sql) {}

  async insert(line: NewConsentLine): Promise<number> {
    const [{ id }] = await this.sql.rows(
      CONSENT_SQL.insert.bind({ contactHash: null, ...line, evidence: JSON.stringify(line.evidence) }),
    );
    return Number(id);
  }

  /** The values of `CONSENT_LINES_INSERT`: `line` for each of `contacts`. */
  linesAlike(line: Omit<NewConsentLine, 'contact' | 'contactHash'>, contacts: string[]): ConsentLines {
    return {
      consentVendorId: line.vendorId,
      consentKind: line.kind,
      consentSource: line.source,
      consentEvidence: JSON.stringify(line.evidence),
      consentStartsAt: line.startsAt,
      consentEndsAt: line.endsAt,
      consentContacts: contacts,
    };
  }

  /** The lines, in one statement. */
  async insertLines(lines: ConsentLines): Promise<void> {
    await this.sql.run(CONSENT_SQL.insertLines.bind(lines));
  }

  /** The lines of :contacts for any of :vendorIds, and those of every vendor (withdrawals), newest first. */
  linesOf(vendorIds: readonly number[], contacts: readonly string[]): Promise<ConsentRecord[]> {
    return this.sql.rows(CONSENT_SQL.linesOf.bind({ vendorIds, contacts }));
  }

  async endBases(vendorId: number | null, contacts: string[], at: Date, withdrawalId: number): Promise<number> {
    return (await this.sql.run(CONSENT_SQL.endBases.bind({ vendorId, contacts, at, withdrawalId }))).rowCount;
  }

  endingBefore(vendorId: number, at: Date, until: Date, limit: number): Promise<ConsentRecord[]> {
    return this.sql.rows(CONSENT_SQL.endingBefore.bind({ vendorId, at, until, limit }));
  }

  ofPerson(contacts: string[], ids: number[]): Promise<ConsentRecord[]> {
    return this.sql.rows(CONSENT_SQL.ofPerson.bind({ contacts, ids }));
  }

  async deleteBases(ids: number[]): Promise<number> {
    return ids.length ? (await this.sql.run(CONSENT_SQL.deleteBases.bind({ ids }))).rowCount : 0;
  }

  async keepWithdrawalProof(id: number, contactHash: string): Promise<number> {
    return (await this.sql.run(CONSENT_SQL.keepWithdrawalProof.bind({ id, contactHash }))).rowCount;
  }

  async deleteEndedBefore(cutoff: Date, limit: number): Promise<number> {
    return (await this.sql.run(CONSENT_SQL.deleteEndedBefore.bind({ cutoff, limit }))).rowCount;
  }
}
