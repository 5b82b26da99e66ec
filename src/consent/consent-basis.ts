/** The kinds of ledger line: three bases, and the withdrawal that ends them (docs/contract.md#consent). */
export const CONSENT_KINDS = ['INQUIRY', 'PURCHASE', 'EXPRESS', 'WITHDRAWAL'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The bases a vendor may state on a request. */
export const STATED_BASES = ['PURCHASE', 'INQUIRY', 'EXPRESS'] as const;
export type StatedBasis = (typeof STATED_BASES)[number];

/** Why a message was allowed without consent (CASL s. 6(6) for a quote asked for; a referral's first message). */
export const CONSENT_EXEMPTIONS = ['QUOTE_REQUESTED', 'REFERRAL_FIRST_MESSAGE'] as const;
export type ConsentExemption = (typeof CONSENT_EXEMPTIONS)[number];

/**
 * How long an implied basis lasts (CASL s. 10(10)): an inquiry 6 months, a purchase 2 years, from the
 * moment it arose; express consent lasts until withdrawn.
 */
const TERM_MONTHS: Record<StatedBasis, number | null> = { INQUIRY: 6, PURCHASE: 24, EXPRESS: null };

/** When a basis that arose at `at` ends (calendar months, UTC); null: until withdrawn. */
export function endOf(basis: StatedBasis, at: Date): Date | null {
  const months = TERM_MONTHS[basis];
  if (months === null) return null;
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** A ledger line as the check reads it. */
export interface LedgerLine {
  id: number;
  vendorId: number | null;
  kind: ConsentKind;
  startsAt: Date;
  endsAt: Date | null;
}

/** A basis in force at `at`: begun, not ended (its term, or a withdrawal). */
export const inForce = (line: LedgerLine, at: Date): boolean =>
  line.kind !== 'WITHDRAWAL' && line.startsAt <= at && (line.endsAt === null || line.endsAt > at);

/** What the check answers for a message: the basis it may leave under, or why it may not. */
export type ConsentVerdict =
  | { readonly basis: { id: number; kind: ConsentKind; endsAt: Date | null } }
  | { readonly refused: string; readonly ended: { kind: ConsentKind; endedAt: Date } | null };

/**
 * The verdict from a contact's ledger lines for one vendor (and those of every vendor): the basis in
 * force that lasts longest, or the one that ended last (to name in the refusal).
 */
export function verdictOf(lines: readonly LedgerLine[], at: Date): ConsentVerdict {
  const live = lines.filter((line) => inForce(line, at));
  if (live.length) {
    const longest = live.reduce((a, b) => (a.endsAt === null || (b.endsAt !== null && a.endsAt >= b.endsAt) ? a : b));
    return { basis: { id: Number(longest.id), kind: longest.kind, endsAt: longest.endsAt } };
  }
  const ended = lines
    .filter((line) => line.kind !== 'WITHDRAWAL' && line.endsAt !== null && line.endsAt <= at)
    .sort((a, b) => b.endsAt!.getTime() - a.endsAt!.getTime())[0];
  if (!ended) return { refused: 'no basis of consent is recorded for this contact', ended: null };
  const endedAt = ended.endsAt!;
  return {
    refused: `its ${ended.kind} basis ended on ${endedAt.toISOString()}`,
    ended: { kind: ended.kind, endedAt },
  };
}
