/** The nearest-rank percentile `p` (0..100) of samples sorted in ascending order. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
