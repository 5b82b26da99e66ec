/** Where one batch of a retention walk along a table's primary key got to. */
export interface WalkedBatch {
  /** The last id the batch looked at; null when there was none. */
  lastId: number | null;
  /** How many of its rows were changed. */
  blanked: number;
  /** True when nothing after this batch can be old enough (ids grow with time): the walk stops. */
  reachedCutoff: boolean;
}

/** A row a retention walk looked at: whether it was old enough to change, whether it is younger than the cutoff. */
export interface WalkedRow {
  id: number;
  old: boolean;
  young: boolean;
}

/**
 * The batch's rows in id order, each saying whether it was old enough to change and whether it is
 * younger than the cutoff, summed up for the walk (`limit`: the batch's size).
 */
export function walkedBatchOf(rows: WalkedRow[], limit: number): WalkedBatch {
  return {
    lastId: rows.length ? rows[rows.length - 1].id : null,
    blanked: rows.filter((row) => row.old).length,
    reachedCutoff: rows.length < limit || rows.some((row) => row.young),
  };
}

/** One batch of records a retention setting erases whole, found along a table's primary key. */
export interface ExpiredBatch {
  /** The expired records' ids. */
  ids: number[];
  /** Where the next batch starts; undefined when this was the last. */
  lastId: number | undefined;
}

/** The batch's candidates in id order, each saying whether it expired (`limit`: the batch's size). */
export function expiredBatchOf(rows: { id: number; expired: boolean }[], limit: number): ExpiredBatch {
  return {
    ids: rows.filter((row) => row.expired).map((row) => Number(row.id)),
    lastId: rows.length < limit ? undefined : Number(rows[rows.length - 1].id),
  };
}
