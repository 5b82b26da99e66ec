import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/time/clock';
import { type PrivacyConfig, privacyConfig } from '../config/privacy.config';
import { RETENTION_PASS_LOCK_KEY, unlessLocked } from '../database/advisory-locks';
import type { ExpiredBatch, WalkedBatch } from '../common/privacy/retention-walk';
import { type CustomerRecordKind, PersonFinding } from '../common/privacy/person-finding';
import { LeadCustomerRecords } from '../leads/lead-customer-records';
import { ReferralCustomerRecords } from '../referrals/referral-customer-records';
import { ProcessCustomerRecords } from '../reputation/process-customer-records';
import { NotificationCustomerRecords } from '../notifications/notification-customer-records';
import { InboundSmsCustomerRecords } from '../sms-inbound/inbound-sms-customer-records';
import { LeadMessageCustomerRecords } from '../lead-conversations/lead-message-customer-records';
import { WebhooksService } from '../webhooks/webhooks.service';
import { CustomerDataProviders } from './customer-data-providers';

/** The most rows one transaction of the pass changes, so that none holds its locks for long. */
export const RETENTION_BATCH_ROWS = 1000;

const DAY_MS = 86_400_000;

/** The next batch of expired records of one kind after an id. */
type ExpiredWalk = (afterId: number, limit: number) => Promise<ExpiredBatch>;

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
  processes: number;
  referralInvites: number;
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
    private readonly processes: ProcessCustomerRecords,
    private readonly referrals: ReferralCustomerRecords,
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
    let largestTransaction = 0;
    const committed = (rows: number): number => {
      largestTransaction = Math.max(largestTransaction, rows);
      return rows;
    };
    /** What `remove` removed before the setting's cutoff; nothing when the setting is 0 (keep). */
    const expired = async (days: number, remove: (cutoff: Date) => Promise<number>): Promise<number> =>
      days > 0 ? remove(new Date(now - days * DAY_MS)) : 0;
    const { config } = this;
    /** The tables the pass's erasures changed. */
    const erasedIn = new Set<string>();
    const eraseExpired = (kind: CustomerRecordKind, expired: ExpiredWalk) =>
      this.eraseExpired(kind, expired, committed, erasedIn);
    // In this order, one setting after the other.
    const removed = {
      messageBodies: await expired(
        config.messageBodiesDays,
        async (before) =>
          (await this.walk((id, limit) => this.notifications.blankBodiesBefore(before, id, limit), committed)) +
          (await this.walk((id, limit) => this.textsReceived.blankBodiesBefore(before, id, limit), committed)) +
          (await this.walk((id, limit) => this.conversations.blankBodiesBefore(before, id, limit), committed)),
      ),
      webhookDeliveries: await expired(config.webhookDeliveriesDays, (before) =>
        untilShort((limit) => this.webhooks.removeFinished(before, limit), committed),
      ),
      closedLeads: await expired(config.closedLeadsDays, (before) =>
        eraseExpired('leads', (id, limit) => this.leads.closedBefore(before, id, limit)),
      ),
      processes: await expired(config.processesDays, (before) =>
        eraseExpired('reputationProcesses', (id, limit) => this.processes.inactiveBefore(before, id, limit)),
      ),
      referralInvites: await expired(config.referralInvitesDays, (before) =>
        eraseExpired('referralsReceived', (id, limit) => this.referrals.unansweredInvitationsBefore(before, id, limit)),
      ),
      auditEntries: await expired(config.auditLogDays, (before) =>
        untilShort((limit) => this.audit.removeBefore(before, limit), committed),
      ),
    };
    // The old versions of the erased rows, once every batch has committed.
    await this.providers.vacuumAfterCommit([...erasedIn].sort());
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

  /**
   * Records of `kind` that expired, walked by id, one transaction a batch, each erased as an erasure
   * erases it (with everything that quotes it: messages, events, kept answers) without suppressing its
   * contacts; answers how many were erased.
   */
  private async eraseExpired(
    kind: CustomerRecordKind,
    expired: ExpiredWalk,
    committed: (rows: number) => number,
    erasedIn: Set<string>,
  ): Promise<number> {
    let total = 0;
    for (let afterId: number | undefined = 0; afterId !== undefined;) {
      const from: number = afterId;
      const batch = await this.txHost.withTransaction(() => this.eraseExpiredAfter(kind, expired, from));
      total += batch.erased;
      committed(batch.rows);
      for (const table of batch.tables) erasedIn.add(table);
      afterId = batch.lastId;
    }
    return total;
  }

  /**
   * In the caller's transaction: the next expired records after `afterId` erased. The batch is halved
   * until the records and what quotes them fit in one batch of rows (a record with its events and
   * messages is never split).
   */
  private async eraseExpiredAfter(
    kind: CustomerRecordKind,
    expired: ExpiredWalk,
    afterId: number,
  ): Promise<{ erased: number; rows: number; lastId: number | undefined; tables: string[] }> {
    for (let limit = RETENTION_BATCH_ROWS; ; limit = Math.ceil(limit / 2)) {
      const batch = await expired(afterId, limit);
      const finding = new PersonFinding([], false);
      finding.add(
        kind,
        batch.ids.map((id) => ({ id })),
      );
      await this.providers.complete(finding);
      if (finding.size > RETENTION_BATCH_ROWS && limit > 1) continue;
      const { counts: erased, tables } = batch.ids.length
        ? await this.providers.erase(finding, false)
        : { counts: {}, tables: [] };
      return {
        erased: batch.ids.length,
        // Every count is of rows changed but the deliveries that had left (already counted as redacted).
        rows: Object.values(erased).reduce((sum, rows) => sum + rows, 0) - (erased.webhookDeliveriesAlreadySent ?? 0),
        lastId: batch.lastId,
        tables,
      };
    }
  }
}
