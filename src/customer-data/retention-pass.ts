import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/time/clock';
import { type PrivacyConfig, privacyConfig } from '../config/privacy.config';
import { RETENTION_PASS_LOCK_KEY, unlessLocked } from '../database/advisory-locks';
import type { WalkedBatch } from '../database/retention-walk';
import { PersonFinding } from '../common/privacy/person-finding';
import { LeadCustomerRecords } from '../leads/lead-customer-records';
import { NotificationCustomerRecords } from '../notifications/notification-customer-records';
import { InboundSmsCustomerRecords } from '../sms-inbound/inbound-sms-customer-records';
import { LeadMessageCustomerRecords } from '../lead-conversations/lead-message-customer-records';
import { WebhooksService } from '../webhooks/webhooks.service';
import { CustomerDataProviders } from './customer-data-providers';

/** The most rows one transaction of the pass changes, so that none holds its locks for long. */
export const RETENTION_BATCH_ROWS = 1000;

const DAY_MS = 86_400_000;

/** Batches of one statement (or transaction) each, until one removes fewer than a whole batch. */
async function untilShort(
  removeBatch: (limit: number) => Promise<number>,
  committed: (rows: number) => number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = committed(await removeBatch(RETENTION_BATCH_ROWS));
    total += removed;
    if (removed < RETENTION_BATCH_ROWS) return total;
  }
}

/** What one retention pass removed, by setting, and the most rows one of its transactions changed. */
export interface RetentionCounts {
  messageBodies: number;
  webhookDeliveries: number;
  closedLeads: number;
  auditEntries: number;
  largestTransaction: number;
}

/**
 * The retention pass (docs/contract.md#data-rights): each module removes its own expired records when asked, one batch
 * per transaction, and this pass asks them in turn with the windows of the settings (0 = keep). The
 * injected clock decides what is old. One pass at a time across every instance.
 */
@Injectable()
export class RetentionPass {
  constructor(
    @Inject(privacyConfig.KEY) private readonly config: PrivacyConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly leads: LeadCustomerRecords,
    private readonly notifications: NotificationCustomerRecords,
    private readonly textsReceived: InboundSmsCustomerRecords,
    private readonly conversations: LeadMessageCustomerRecords,
    private readonly providers: CustomerDataProviders,
    private readonly webhooks: WebhooksService,
    private readonly audit: AuditService,
  ) {}

  /** The whole pass; undefined when another process is running one. */
  run(): Promise<RetentionCounts | undefined> {
    return unlessLocked(this.dataSource, RETENTION_PASS_LOCK_KEY, () => this.runAll());
  }

  private async runAll(): Promise<RetentionCounts> {
    const now = this.clock.now().getTime();
    const cutoff = (days: number): Date | undefined => (days > 0 ? new Date(now - days * DAY_MS) : undefined);
    let largestTransaction = 0;
    const committed = (rows: number): number => {
      largestTransaction = Math.max(largestTransaction, rows);
      return rows;
    };
    const bodies = cutoff(this.config.messageBodiesDays);
    const deliveries = cutoff(this.config.webhookDeliveriesDays);
    const closedLeads = cutoff(this.config.closedLeadsDays);
    const audit = cutoff(this.config.auditLogDays);
    // In this order, one setting after the other.
    const removed = {
      messageBodies: bodies
        ? (await this.walk((after, limit) => this.notifications.blankBodiesBefore(bodies, after, limit), committed)) +
          (await this.walk((after, limit) => this.textsReceived.blankBodiesBefore(bodies, after, limit), committed)) +
          (await this.walk((after, limit) => this.conversations.blankBodiesBefore(bodies, after, limit), committed))
        : 0,
      webhookDeliveries: deliveries
        ? await untilShort((limit) => this.webhooks.removeFinished(deliveries, limit), committed)
        : 0,
      closedLeads: closedLeads ? await this.eraseClosedLeads(closedLeads, committed) : 0,
      auditEntries: audit ? await untilShort((limit) => this.audit.removeBefore(audit, limit), committed) : 0,
    };
    return { ...removed, largestTransaction };
  }

  /** A table walked by id, one statement a batch, up to the first row younger than the cutoff. */
  private async walk(
    blankBatch: (afterId: number, limit: number) => Promise<WalkedBatch>,
    committed: (rows: number) => number,
  ): Promise<number> {
    let total = 0;
    for (let afterId = 0; ;) {
      const batch = await blankBatch(afterId, RETENTION_BATCH_ROWS);
      total += committed(batch.blanked);
      if (batch.reachedCutoff || batch.lastId === null) return total;
      afterId = batch.lastId;
    }
  }

  /** The leads walked by id, one transaction a batch; answers how many were erased. */
  private async eraseClosedLeads(cutoff: Date, committed: (rows: number) => number): Promise<number> {
    let total = 0;
    for (let afterId: number | undefined = 0; afterId !== undefined;) {
      const from: number = afterId;
      const batch = await this.txHost.withTransaction(() => this.eraseClosedLeadsAfter(cutoff, from));
      total += batch?.leads ?? 0;
      committed(batch?.rows ?? 0);
      afterId = batch?.lastId;
    }
    return total;
  }

  /**
   * In the caller's transaction: the next closed leads after `afterId` erased as an erasure erases them
   * (everything that quotes them too: events, alerts, kept answers), without suppressing their
   * contacts. The batch is halved until the leads and what quotes them fit in one batch of rows (a
   * lead with its events and alerts is never split).
   */
  private async eraseClosedLeadsAfter(
    cutoff: Date,
    afterId: number,
  ): Promise<{ leads: number; rows: number; lastId: number | undefined } | undefined> {
    for (let limit = RETENTION_BATCH_ROWS; ; limit = Math.ceil(limit / 2)) {
      const leads = await this.leads.closedBefore(cutoff, afterId, limit);
      if (leads.length === 0) return undefined;
      const finding = new PersonFinding([], false);
      finding.add('leads', leads);
      await this.providers.complete(finding);
      if (finding.size > RETENTION_BATCH_ROWS && limit > 1) continue;
      const erased = await this.providers.erase(finding, false);
      const ids = finding.ids('leads');
      return {
        leads: erased.leads ?? 0,
        // Every count is of rows changed but the deliveries that had left (already counted as redacted).
        rows: Object.values(erased).reduce((sum, rows) => sum + rows, 0) - (erased.webhookDeliveriesAlreadySent ?? 0),
        // A short batch was the last one.
        lastId: leads.length < limit ? undefined : ids[ids.length - 1],
      };
    }
  }
}
