import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RetentionPass } from './retention-pass';

/**
 * The retention pass, daily at 03:00 (the server's time) on every instance: the first to take the
 * pass's lock runs it, the others find it taken and skip. Runs where ScheduleModule is imported (the
 * server), not in the CLI, whose `retention` command runs the pass at once.
 */
@Injectable()
export class RetentionScheduler {
  private readonly logger = new Logger(RetentionScheduler.name);

  constructor(private readonly pass: RetentionPass) {}

  @Cron(CronExpression.EVERY_DAY_AT_3AM)
  async runDaily(): Promise<void> {
    try {
      const counts = await this.pass.run();
      if (counts) this.logger.log(`Retention pass: ${JSON.stringify(counts)}`);
    } catch (error) {
      this.logger.error(error);
    }
  }
}
