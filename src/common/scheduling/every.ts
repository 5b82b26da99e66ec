import type { LoggerService } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * `task` run at most once at a time: a call while a run is under way (the next tick of a pass slower
 * than its interval, say) returns at once. A failure is logged, never thrown, so a tick cannot leave an
 * unhandled rejection behind.
 */
export function oneAtATime(task: () => Promise<void>, logger: LoggerService): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      logger.error(error);
    } finally {
      running = false;
    }
  };
}

/**
 * Runs `run` every `everyMs` milliseconds under `name`. Registered with the scheduler, which clears
 * it at shutdown; where ScheduleModule is not imported (the CLI) there is no registry and nothing runs
 * on its own.
 */
export function runEvery(
  registry: SchedulerRegistry | undefined,
  name: string,
  everyMs: number,
  run: () => Promise<void>,
): void {
  registry?.addInterval(
    name,
    setInterval(() => void run(), everyMs),
  );
}
