import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import type { WithdrawalSource as OutboxWithdrawalSource } from '../notifications/sending-consent';
import { type Contact, addressesOf } from '../reputation/contact';
import { type ConsentVerdict, type StatedBasis, endOf, verdictOf } from './consent-basis';
import { type ConsentLines, ConsentsRepository } from './consents.repository';
import { CONSENT_LINES_INSERT, type ConsentRecord } from './consents.sql';

/** A relationship the vendor states on a request (`consent` on `POST /review-requests`, `/customer-feedback-system`). */
export interface StatedConsent {
  basis: StatedBasis;
  /** ISO 8601 date or date-time (a date: its midnight UTC). */
  at: string;
  evidence?: string;
}

export type { ConsentLines };

/** The request stating a basis: its kind and language. */
export interface StatingRequest {
  kind: 'REVIEW_REQUEST' | 'FEEDBACK_REQUEST';
  locale: string | undefined;
}

/** A message to check: whose, and to which contact. */
export interface ConsentAsk {
  vendorId: number;
  contact: string;
}

/** How a withdrawal came: the outbox's sources (the unsubscribe link, a STOP, the provider's opt-out), or an erasure. */
export type WithdrawalSource = OutboxWithdrawalSource | 'erasure';

/** The most lines one read of the bases ending soon answers. */
export const ENDING_LIMIT = 500;

const DAY_MS = 86_400_000;

/**
 * The consent ledger (docs/contract.md#consent, CASL ss. 6, 10 and 13): each basis on which a vendor
 * may write to a contact, with its evidence and end; the withdrawals that end them; and the check each
 * message that needs consent passes when it leaves. Time is the injected clock's.
 */
@Injectable()
export class ConsentService {
  /** `statedOnRequest`'s lines as a part of another module's statement: its text is the ledger's. */
  readonly statedLinesInsert = CONSENT_LINES_INSERT;

  constructor(
    private readonly ledger: ConsentsRepository,
    private readonly clock: Clock,
  ) {}

  /** A basis arising from a lead (an inquiry when assigned, a purchase when won), for each of its contacts. */
  async fromLead(vendorId: number, contact: Contact, basis: 'INQUIRY' | 'PURCHASE', leadId: number): Promise<void> {
    const at = this.clock.now();
    const source = basis === 'INQUIRY' ? 'lead_assigned' : 'lead_won';
    const line = { vendorId, kind: basis, source, evidence: { leadId }, startsAt: at, endsAt: endOf(basis, at) };
    await this.ledger.insertLines(this.ledger.linesAlike(line, addressesOf(contact)));
  }

  /** A vendor's request, as `statedOnRequest`, its lines written by a statement of their own. */
  async stateOnRequest(
    vendorId: number,
    contact: Contact,
    stated: StatedConsent | undefined,
    request: StatingRequest,
  ): Promise<void> {
    const lines = await this.statedOnRequest(vendorId, contact, stated, request);
    if (lines) await this.ledger.insertLines(lines);
  }

  /**
   * A vendor's request: the relationship it states (without one, "stated by the vendor's request: purchase
   * on the request's date") for each contact, then the check. A stated basis in force answers it with no
   * read: its lines are answered, for the caller to write with its own statement (`statedLinesInsert`, a
   * CTE of it: no round trip of their own). One already ended is written at once and leaves the others
   * to look for: a 409 naming the basis that ended and when if none is in force, and nothing is stored
   * (the caller's transaction rolls back); null when in force (nothing left to write).
   */
  async statedOnRequest(
    vendorId: number,
    contact: Contact,
    stated: StatedConsent | undefined,
    request: StatingRequest,
  ): Promise<ConsentLines | null> {
    const now = this.clock.now();
    const basis = stated?.basis ?? 'PURCHASE';
    const at = stated ? new Date(stated.at) : now;
    if (at > now)
      throw DomainError.invalid('consent.at must not be in the future.', [
        { field: 'consent.at', message: `${stated!.at} is after now.` },
      ]);
    const evidence = {
      request: request.kind,
      stated: stated ? (stated.evidence ?? null) : "stated by the vendor's request: purchase on the request's date",
      // Express consent: its wording, language, time and source (CASL s. 10(1)).
      ...(basis === 'EXPRESS' && {
        wording: stated?.evidence ?? null,
        language: request.locale ?? null,
        time: at.toISOString(),
      }),
    };
    const endsAt = endOf(basis, at);
    const addresses = addressesOf(contact);
    const lines = this.ledger.linesAlike(
      { vendorId, kind: basis, source: 'stated_on_request', evidence, startsAt: at, endsAt },
      addresses,
    );
    if (endsAt === null || endsAt > now) return lines;
    await this.ledger.insertLines(lines);
    const verdict = await this.verdict(vendorId, addresses, now);
    if ('refused' in verdict)
      throw new DomainError(ErrorCode.Conflict, `No consent to write to this customer: ${verdict.refused}.`);
    return null;
  }

  /** The check (one indexed read): the basis in force for `contacts` at `at`, or why there is none. */
  async verdict(vendorId: number, contacts: string[], at = this.clock.now()): Promise<ConsentVerdict> {
    return verdictOf(await this.ledger.linesOf([vendorId], contacts), at);
  }

  /** The check of several messages (vendor and contact each) in one indexed read: a verdict for each, in order. */
  async verdicts(asks: readonly ConsentAsk[], at = this.clock.now()): Promise<ConsentVerdict[]> {
    if (!asks.length) return [];
    const distinct = <T>(values: T[]) => [...new Set(values)];
    const lines = await this.ledger.linesOf(
      distinct(asks.map(({ vendorId }) => vendorId)),
      distinct(asks.map(({ contact }) => contact)),
    );
    return asks.map(({ vendorId, contact }) =>
      verdictOf(
        lines.filter((line) => line.contact === contact && (line.vendorId === null || line.vendorId === vendorId)),
        at,
      ),
    );
  }

  /**
   * A withdrawal: recorded with its source, and every basis it covers (the vendor's, or every vendor's
   * when `vendorId` is null) ends now. Answers the withdrawal's id.
   */
  async withdraw(vendorId: number | null, contacts: string[], source: WithdrawalSource): Promise<number[]> {
    const at = this.clock.now();
    const ids: number[] = [];
    for (const contact of contacts) {
      const id = await this.ledger.insert({
        vendorId,
        contact,
        kind: 'WITHDRAWAL',
        source,
        evidence: {},
        startsAt: at,
        endsAt: null,
      });
      await this.ledger.endBases(vendorId, [contact], at, id);
      ids.push(id);
    }
    return ids;
  }

  /** A contact's lines for the vendor (and its withdrawals from every vendor), newest first. */
  linesOf(vendorId: number, contact: Contact): Promise<ConsentRecord[]> {
    return this.ledger.linesOf([vendorId], addressesOf(contact));
  }

  /** The vendor's bases in force that end within `days` days, soonest first. */
  endingWithin(vendorId: number, days: number): Promise<ConsentRecord[]> {
    const now = this.clock.now();
    return this.ledger.endingBefore(vendorId, now, new Date(now.getTime() + days * DAY_MS), ENDING_LIMIT);
  }
}
