import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '../common/metrics/metrics-registry';

const HOUR = 3600;

/** How soon vendors act on their leads: the time from assignment to accept or decline. */
@Injectable()
export class LeadMetrics {
  private readonly timeToFirstAction;

  constructor(metrics: MetricsRegistry) {
    this.timeToFirstAction = metrics.histogram({
      name: 'lead_time_to_first_action_seconds',
      help: "Time from a lead's assignment to the vendor's accept or decline",
      buckets: [60, 300, 900, HOUR, 4 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR, 72 * HOUR],
    });
  }

  decided(assignedAt: Date, now: Date): void {
    this.timeToFirstAction.observe(Math.max(0, (now.getTime() - assignedAt.getTime()) / 1000));
  }
}
