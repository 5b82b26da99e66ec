/** Where one batch of a retention walk along a table's primary key got to. */
export interface WalkedBatch {
  /** The last id the batch looked at; null when there was none. */
  lastId: number | null;
  /** How many of its rows were changed. */
  blanked: number;
  /** True when nothing after this batch can be old enough (ids grow with time): the walk stops. */
  reachedCutoff: boolean;
}

/**
 * The batch's rows in id order, each saying whether it was old enough to change and whether it is
 * younger than the cutoff, summed up for the walk (`limit`: the batch's size).
 */
export function walkedBatchOf(rows: { id: number; old: boolean; young: boolean }[], limit: number): WalkedBatch {
  return {
    lastId: rows.length ? rows[rows.length - 1].id : null,
    blanked: rows.filter((row) => row.old).length,
    reachedCutoff: rows.length < limit || rows.some((row) => row.young),
  };
}
