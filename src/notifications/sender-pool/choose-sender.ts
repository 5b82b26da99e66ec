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
 * The pool number `vendorId` texts the phone from, given every pair of that phone (`uses`). The vendor
 * keeps its number while it used it in the last PAIR_DAYS, and after that while no other vendor has;
 * otherwise it takes a number no other vendor has used with the phone in that time, the least recently
 * used first (never used before any, then in pool order). Only when every number is taken is one
 * shared: the least recently used.
 */
export function chooseSender(pool: readonly string[], vendorId: number, uses: readonly SenderUse[], now: Date): string {
  const since = now.getTime() - PAIR_DAYS * DAY_MS;
  const takenByOthers = new Set(
    uses.filter((use) => use.vendorId !== vendorId && use.lastUsedAt.getTime() > since).map((use) => use.sender),
  );
  const own = uses.find((use) => use.vendorId === vendorId);
  const ownKept = own && (own.lastUsedAt.getTime() > since || !takenByOthers.has(own.sender));
  if (own && ownKept && pool.includes(own.sender)) return own.sender;
  const lastUse = (sender: string): number =>
    Math.max(-Infinity, ...uses.filter((use) => use.sender === sender).map((use) => use.lastUsedAt.getTime()));
  const free = pool.filter((sender) => !takenByOthers.has(sender));
  const candidates = free.length > 0 ? free : pool;
  // reduce keeps the first of equals: pool order breaks ties.
  return candidates.reduce((best, sender) => (lastUse(sender) < lastUse(best) ? sender : best));
}
