import { Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from '../common/scheduling/every';
import { IdempotencyService } from './idempotency.service';

const CLEANUP_INTERVAL_MS = 600_000;

/** Every 10 minutes, the keys past their 24 hours are removed (in batches, on any instance). */
@Injectable()
export class IdempotencyCleanupScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(IdempotencyCleanupScheduler.name);

  constructor(
    private readonly idempotency: IdempotencyService,
    @Optional() private readonly registry?: SchedulerRegistry,
  ) {}

  readonly removeExpired = oneAtATime(async () => {
    try {
      const removed = await this.idempotency.removeExpired();
      if (removed) this.logger.log(`Removed ${removed} expired idempotency keys.`);
    } catch (error) {
      this.logger.warn(`Could not remove expired idempotency keys: ${(error as Error).message}`);
    }
  }, this.logger);

  onApplicationBootstrap(): void {
    runEvery(this.registry, 'idempotency-cleanup', CLEANUP_INTERVAL_MS, this.removeExpired);
  }
}
