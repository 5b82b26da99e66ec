import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from '../common/scheduling/every';
import { type AutomationConfig, automationConfig } from '../config/automation.config';
import { LeadReAlertPass } from './lead-re-alert-pass';

/**
 * Runs the re-alert pass every AUTOMATION_INTERVAL_MS on every instance, as the automation's passes
 * run; its SKIP LOCKED claims keep each re-alert to one instance.
 */
@Injectable()
export class LeadAlertsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(LeadAlertsScheduler.name);

  constructor(
    private readonly pass: LeadReAlertPass,
    @Inject(automationConfig.KEY) private readonly config: AutomationConfig,
    @Optional() private readonly registry?: SchedulerRegistry,
  ) {}

  readonly runDueWork = oneAtATime(async () => {
    const { SENT: sent, ...settled } = await this.pass.run();
    const others = Object.values(settled).reduce((sum, count) => sum + count, 0);
    if (sent + others > 0) this.logger.log(`Lead re-alerts: ${sent} sent, ${others} not needed or not possible`);
  }, this.logger);

  onApplicationBootstrap(): void {
    runEvery(this.registry, 'lead-re-alerts', this.config.intervalMs, this.runDueWork);
  }
}
