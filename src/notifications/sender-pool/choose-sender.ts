/** A vendor's texts to one phone from one pool number, as `sms_sender_pairs` keeps it. */
export interface SenderUse {
  vendorId: number;
  sender: string;
  lastUsedAt: Date;
}

/** How long a number stays a (phone, vendor) pair's: other vendors take it for that phone only after. */
export const PAIR_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The pool number `vendorId` texts the phone from, given every pair of that phone (`uses`); null when
 * every number is another vendor's for that phone. A number used with the phone by another vendor in the
 * last PAIR_DAYS is that vendor's, never shared: a reply to it must reach one vendor alone. The vendor
 * keeps its number while no other vendor has it; otherwise it takes a free number, the least recently
 * used with the phone first (never used before any, then in pool order).
 */
export function chooseSender(
  pool: readonly string[],
  vendorId: number,
  uses: readonly SenderUse[],
  now: Date,
): string | null {
  const since = now.getTime() - PAIR_DAYS * DAY_MS;
  const takenByOthers = new Set(
    uses.filter((use) => use.vendorId !== vendorId && use.lastUsedAt.getTime() > since).map((use) => use.sender),
  );
  const free = pool.filter((sender) => !takenByOthers.has(sender));
  const own = uses.find((use) => use.vendorId === vendorId);
  if (own && free.includes(own.sender)) return own.sender;
  const lastUse = (sender: string): number =>
    Math.max(-Infinity, ...uses.filter((use) => use.sender === sender).map((use) => use.lastUsedAt.getTime()));
  // reduce keeps the first of equals: pool order breaks ties.
  return free.reduce<string | null>(
    (best, sender) => (best === null || lastUse(sender) < lastUse(best) ? sender : best),
    null,
  );
}
