import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { IdempotencyService } from './idempotency.service';

/** Every 10 minutes, the keys past their 24 hours are removed (in batches, on any instance). */
@Injectable()
export class IdempotencyCleanupScheduler {
  private readonly logger = new Logger(IdempotencyCleanupScheduler.name);

  constructor(private readonly idempotency: IdempotencyService) {}

  @Interval(600_000)
  async removeExpired(): Promise<void> {
    try {
      const removed = await this.idempotency.removeExpired();
      if (removed) this.logger.log(`Removed ${removed} expired idempotency keys.`);
    } catch (error) {
      this.logger.warn(`Could not remove expired idempotency keys: ${(error as Error).message}`);
    }
  }
}
