import { TransactionHost } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/time/clock';
import { ReAlertOutcome } from './entities/lead-re-alert.entity';
import { LeadAlertsService } from './lead-alerts.service';
import { LeadReAlertsRepository } from './lead-re-alerts.repository';

/** Re-alerts claimed per transaction: short row locks, a bounded transaction. */
export const RE_ALERT_BATCH_SIZE = 100;

export type ReAlertPassResult = Record<ReAlertOutcome, number>;

/**
 * One pass over the due re-alerts (docs/contract.md#speed-to-lead), as the reminders' pass: each batch is claimed with
 * SKIP LOCKED and settled in the transaction that queues its messages, so every lead is re-alerted
 * at most once, by whichever instance claims it, and a pass that dies before its commit leaves its
 * batch to the next pass.
 */
@Injectable()
export class LeadReAlertPass {
  constructor(
    private readonly reAlerts: LeadReAlertsRepository,
    private readonly alerts: LeadAlertsService,
    private readonly clock: Clock,
    private readonly txHost: TransactionHost,
  ) {}

  async run(): Promise<ReAlertPassResult> {
    const now = this.clock.now();
    const result = Object.fromEntries(Object.values(ReAlertOutcome).map((o) => [o, 0])) as ReAlertPassResult;
    for (;;) {
      const claimed = await this.txHost.withTransaction(async () => {
        const due = await this.reAlerts.claimDue(now, RE_ALERT_BATCH_SIZE);
        for (const reAlert of due) {
          const outcome = await this.alerts.reAlert(reAlert);
          await this.reAlerts.settle(reAlert.leadId, outcome);
          result[outcome]++;
        }
        return due.length;
      });
      if (claimed < RE_ALERT_BATCH_SIZE) return result;
    }
  }
}
