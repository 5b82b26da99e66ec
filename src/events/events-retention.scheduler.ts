import { Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from '../common/scheduling/every';
import { EventsService } from './events.service';

const BATCH_SIZE = 1000;
const RETENTION_INTERVAL_MS = 600_000;

/**
 * Every 10 minutes, events past the feed's 30 days are removed (in batches, on any instance); webhook
 * deliveries are the retention pass's. Runs where ScheduleModule is imported (the server), not in the CLI.
 */
@Injectable()
export class EventsRetentionScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(EventsRetentionScheduler.name);

  constructor(
    private readonly events: EventsService,
    @Optional() private readonly registry?: SchedulerRegistry,
  ) {}

  readonly removeExpired = oneAtATime(async () => {
    try {
      const removed = await this.events.removeExpired(BATCH_SIZE);
      if (removed) this.logger.log(`Removed ${removed} expired events.`);
    } catch (error) {
      this.logger.warn(`Could not remove expired events: ${(error as Error).message}`);
    }
  }, this.logger);

  onApplicationBootstrap(): void {
    runEvery(this.registry, 'events-retention', RETENTION_INTERVAL_MS, this.removeExpired);
  }
}
