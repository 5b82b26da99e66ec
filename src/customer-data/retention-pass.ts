import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PersonFinding } from '../common/privacy/person-finding';
import { type Expiry, type Retains, RetainsRecords, type Retention } from '../common/privacy/retention';
import type { ExpiredBatch, WalkedBatch } from '../common/privacy/retention-walk';
import { Clock } from '../common/time/clock';
import { type PrivacyConfig, privacyConfig } from '../config/privacy.config';
import { RETENTION_PASS_LOCK_KEY, unlessLocked } from '../database/advisory-locks';
import { CustomerDataProviders } from './customer-data-providers';

/** The most rows one transaction of the pass changes, so that none holds its locks for long. */
export const RETENTION_BATCH_ROWS = 1000;

const DAY_MS = 86_400_000;

/** What one retention pass removed, by the counts the rules name, and the most rows one of its transactions changed. */
export type RetentionCounts = Record<string, number> & { largestTransaction: number };

/** Counts the rows each committed transaction changed, keeping the largest. */
class Committed {
  largest = 0;
  rows(rows: number): number {
    this.largest = Math.max(this.largest, rows);
    return rows;
  }
}

/**
 * The retention pass (docs/contract.md#data-rights): the rules every customer-data provider (and every
 * provider marked `@RetainsRecords()`) declares, applied setting by setting in the settings' order, one
 * batch per transaction, with each setting's window (0 = keep). The injected clock decides what is old.
 * One pass at a time across every instance.
 */
@Injectable()
export class RetentionPass implements OnModuleInit {
  private rules: Retention[] = [];

  constructor(
    @Inject(privacyConfig.KEY) private readonly config: PrivacyConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly discovery: DiscoveryService,
    private readonly providers: CustomerDataProviders,
  ) {}

  onModuleInit(): void {
    const retaining = this.discovery
      .getProviders({ metadataKey: RetainsRecords.KEY })
      .map((wrapper) => wrapper.instance as Retains);
    this.rules = [...this.providers.all, ...retaining].flatMap((provider) => provider.retention ?? []);
    const unknown = this.rules.filter((rule) => !this.config.retentionDays.has(rule.setting));
    if (unknown.length)
      throw new Error(`Retention rules name no retention setting: ${unknown.map((r) => r.setting).join(', ')}`);
  }

  /** The whole pass; undefined when another process is running one. */
  run(): Promise<RetentionCounts | undefined> {
    return unlessLocked(this.dataSource, RETENTION_PASS_LOCK_KEY, () => this.runAll());
  }

  private async runAll(): Promise<RetentionCounts> {
    const now = this.clock.now().getTime();
    const committed = new Committed();
    const counts: Record<string, number> = Object.fromEntries(this.rules.map((rule) => [rule.counted, 0]));
    /** The tables the pass's erasures changed. */
    const erasedIn = new Set<string>();
    // Setting after setting, in the settings' order; a setting's rules in the providers' order.
    for (const [setting, days] of this.config.retentionDays) {
      if (days <= 0) continue;
      const cutoff = new Date(now - days * DAY_MS);
      for (const rule of this.rules.filter((r) => r.setting === setting))
        counts[rule.counted] += await this.expire(rule.expires, cutoff, committed, erasedIn);
    }
    // The old versions of the erased rows, once every batch has committed.
    await this.providers.vacuumAfterCommit([...erasedIn].sort());
    return { ...counts, largestTransaction: committed.largest };
  }

  /** What one rule removed before the cutoff. */
  private expire(expires: Expiry, cutoff: Date, committed: Committed, erasedIn: Set<string>): Promise<number> {
    if ('blanks' in expires) return this.walk((id, limit) => expires.blanks(cutoff, id, limit), committed);
    if ('deletes' in expires) return this.untilShort((limit) => expires.deletes(cutoff, limit), committed);
    return this.eraseExpired(expires.erases, (id, limit) => expires.walk(cutoff, id, limit), committed, erasedIn);
  }

  /** Batches of one statement (or transaction) each, until one removes fewer than a whole batch. */
  private async untilShort(removeBatch: (limit: number) => Promise<number>, committed: Committed): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = committed.rows(await removeBatch(RETENTION_BATCH_ROWS));
      total += removed;
      if (removed < RETENTION_BATCH_ROWS) return total;
    }
  }

  /** A table walked by id, one statement a batch, up to the first row younger than the cutoff. */
  private async walk(
    blankBatch: (afterId: number, limit: number) => Promise<WalkedBatch>,
    committed: Committed,
  ): Promise<number> {
    let total = 0;
    for (let afterId = 0; ;) {
      const batch = await blankBatch(afterId, RETENTION_BATCH_ROWS);
      total += committed.rows(batch.blanked);
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
    kind: string,
    expired: (afterId: number, limit: number) => Promise<ExpiredBatch>,
    committed: Committed,
    erasedIn: Set<string>,
  ): Promise<number> {
    let total = 0;
    for (let afterId: number | undefined = 0; afterId !== undefined;) {
      const from: number = afterId;
      const batch = await this.txHost.withTransaction(() => this.eraseExpiredAfter(kind, expired, from));
      total += batch.erased;
      committed.rows(batch.rows);
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
    kind: string,
    expired: (afterId: number, limit: number) => Promise<ExpiredBatch>,
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
