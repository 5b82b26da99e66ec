import { Injectable } from '@nestjs/common';
import type { LeadResponseTimes, ResponseTimesWindow } from './lead-response-times';

/** Figures as computed at `computedAt`, and what they depend on besides the window. */
export interface RememberedResponseTimes {
  figures: LeadResponseTimes;
  /** The vendor's count of changes to its leads' timings, read before the figures. */
  timingChanges: string;
  computedAt: Date;
  /** The first instant at which the figures change with the clock alone; null: never. */
  validUntil: Date | null;
}

/** Windows remembered per instance; beyond this many, the least recently asked is forgotten. */
const MAX_REMEMBERED = 1000;

/**
 * The response-time figures last computed per vendor and window, in this instance's memory, answered
 * again while they are exactly what a new computation would give: the vendor's leads have not changed
 * since (the count of changes the triggers keep in PostgreSQL is the same, whichever instance changed
 * them), the clock has not gone back, and no lead has crossed an age or a window bound since
 * (`validUntil`). Callers asking for a window being computed wait for that computation rather than
 * starting their own.
 */
@Injectable()
export class LeadResponseTimesMemo {
  private readonly remembered = new Map<string, Promise<RememberedResponseTimes>>();

  async figures(
    vendorId: number,
    window: ResponseTimesWindow,
    timingChanges: string,
    now: Date,
    compute: () => Promise<RememberedResponseTimes>,
  ): Promise<LeadResponseTimes> {
    const key = [
      vendorId,
      window.startMoves ? 'moving' : window.from.getTime(),
      window.endsNow ? 'now' : window.until.getTime(),
    ].join('/');
    const latest = this.remembered.get(key);
    // A failed computation answered its own caller; the next caller computes again.
    const remembered = await latest?.catch(() => undefined);
    const current = this.remembered.get(key);
    if (remembered && holds(remembered, timingChanges, now)) {
      if (current === latest) this.remember(key, latest!);
      return remembered.figures;
    }
    // Another caller started a newer computation while this one waited: its figures may hold.
    if (current && current !== latest) return this.figures(vendorId, window, timingChanges, now, compute);
    const computing = compute();
    this.remember(key, computing);
    computing.catch(() => this.remembered.get(key) === computing && this.remembered.delete(key));
    return (await computing).figures;
  }

  private remember(key: string, figures: Promise<RememberedResponseTimes>): void {
    this.remembered.delete(key);
    this.remembered.set(key, figures);
    if (this.remembered.size > MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
  }
}

function holds(remembered: RememberedResponseTimes, timingChanges: string, now: Date): boolean {
  return (
    remembered.timingChanges === timingChanges &&
    remembered.computedAt <= now &&
    (remembered.validUntil === null || now < remembered.validUntil)
  );
}
