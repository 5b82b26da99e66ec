import { setFlagsFromString } from 'node:v8';

/**
 * Under load, requests waiting on PostgreSQL outlive young-generation collections and are promoted; V8
 * then lets the old generation grow to ~4 times the live heap before a full collection (~300 MB of RSS
 * for ~48 MB live). Letting it grow by 75% at most holds the peak under 200 MB at no CPU cost we could
 * measure, where a fixed --max-old-space-size cost 10-25% (docs/performance.md). Called at start,
 * once the modules are loaded: V8 reads the flag whenever it sizes the old generation after a full
 * collection, so it holds from the first one under load.
 */
export function limitOldGenerationGrowth(): void {
  setFlagsFromString('--heap-growing-percent=75');
}
