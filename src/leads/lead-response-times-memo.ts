import { Injectable } from '@nestjs/common';
import { type Stamped, StampedMemo } from '../common/memo/stamped-memo';
import type { LeadResponseTimes, ResponseTimesWindow } from './lead-response-times';

/**
 * Figures as computed at `computedAt`, stamped with the vendor's count of changes to its leads'
 * timings, and what they depend on besides the window.
 */
export interface RememberedResponseTimes extends Stamped<LeadResponseTimes> {
  computedAt: Date;
  /** The first instant at which the figures change with the clock alone; null: never. */
  validUntil: Date | null;
}

/**
 * The response-time figures last computed per vendor and window, in this instance's memory, answered
 * again while they are exactly what a new computation would give: the vendor's leads have not changed
 * since (the count of changes the triggers keep in PostgreSQL is the same, whichever instance changed
 * them), the clock has not gone back, and no lead has crossed an age or a window bound since
 * (`validUntil`).
 */
@Injectable()
export class LeadResponseTimesMemo {
  private readonly memo = new StampedMemo<LeadResponseTimes, RememberedResponseTimes>();

  figures(
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
    const holds = (remembered: RememberedResponseTimes) =>
      remembered.stamp === timingChanges &&
      remembered.computedAt <= now &&
      (remembered.validUntil === null || now < remembered.validUntil);
    return this.memo.value(key, holds, compute);
  }
}
