import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { type AutomationConfig, automationConfig } from '../config/automation.config';
import { LeadReAlertPass } from './lead-re-alert-pass';

/**
 * Runs the re-alert pass every AUTOMATION_INTERVAL_MS on every instance, as the automation's passes
 * run; its SKIP LOCKED claims keep each re-alert to one instance.
 */
@Injectable()
export class LeadAlertsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(LeadAlertsScheduler.name);
  private running = false;

  constructor(
    private readonly pass: LeadReAlertPass,
    private readonly registry: SchedulerRegistry,
    @Inject(automationConfig.KEY) private readonly config: AutomationConfig,
  ) {}

  /** Registered with the scheduler, which clears it at shutdown like the decorated intervals. */
  onApplicationBootstrap(): void {
    this.registry.addInterval(
      'lead-re-alerts',
      setInterval(() => void this.runDueWork(), this.config.intervalMs),
    );
  }

  async runDueWork(): Promise<void> {
    // A pass slower than the interval must not overlap the next one.
    if (this.running) return;
    this.running = true;
    try {
      const { SENT: sent, ...settled } = await this.pass.run();
      const others = Object.values(settled).reduce((sum, count) => sum + count, 0);
      if (sent + others > 0) this.logger.log(`Lead re-alerts: ${sent} sent, ${others} not needed or not possible`);
    } catch (error) {
      this.logger.error(error);
    } finally {
      this.running = false;
    }
  }
}
