import type { LoggerService } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from './every';

const silentLogger = (): LoggerService & { errors: unknown[] } => {
  const errors: unknown[] = [];
  return { errors, log: () => undefined, warn: () => undefined, error: (error: unknown) => errors.push(error) };
};

describe('oneAtATime', () => {
  it('does nothing when called while a run is under way, and runs again once it has ended', async () => {
    let runs = 0;
    let finish = (): void => undefined;
    const task = oneAtATime(
      () =>
        new Promise<void>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
      silentLogger(),
    );
    const first = task();
    await task();
    expect(runs).toBe(1);
    finish();
    await first;
    const third = task();
    expect(runs).toBe(2);
    finish();
    await third;
  });

  it('logs a failure instead of throwing it, and is free to run again after it', async () => {
    const logger = silentLogger();
    const failure = new Error('pass failed');
    let runs = 0;
    const task = oneAtATime(() => {
      runs += 1;
      return Promise.reject(failure);
    }, logger);
    await expect(task()).resolves.toBeUndefined();
    await task();
    expect({ runs, errors: logger.errors }).toEqual({ runs: 2, errors: [failure, failure] });
  });
});

describe('runEvery', () => {
  it('registers the interval under its name with the scheduler, and nothing without one', () => {
    const registry = new SchedulerRegistry();
    runEvery(registry, 'a-pass', 60_000, () => Promise.resolve());
    runEvery(undefined, 'no-scheduler', 60_000, () => Promise.resolve());
    expect(registry.getIntervals()).toEqual(['a-pass']);
    registry.deleteInterval('a-pass');
  });
});
