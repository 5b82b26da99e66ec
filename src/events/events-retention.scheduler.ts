import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EventsService } from './events.service';

const BATCH_SIZE = 1000;

/**
 * Every 10 minutes, events past the feed's 30 days are removed (in batches, on any instance); webhook
 * deliveries are the retention pass's. Runs where ScheduleModule is imported (the server), not in the CLI.
 */
@Injectable()
export class EventsRetentionScheduler {
  private readonly logger = new Logger(EventsRetentionScheduler.name);

  constructor(private readonly events: EventsService) {}

  @Interval(600_000)
  async removeExpired(): Promise<void> {
    try {
      const removed = await this.events.removeExpired(BATCH_SIZE);
      if (removed) this.logger.log(`Removed ${removed} expired events.`);
    } catch (error) {
      this.logger.warn(`Could not remove expired events: ${(error as Error).message}`);
    }
  }
}
