import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Page, PageRequest, pageOf } from '../common/pagination/page';
import { Sql } from '../database/sql';
import { currentTraceParent } from '../common/tracing/tracing';
import type { PublishedEvent } from '../events/event-subscribers';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { type ClaimedDelivery, WEBHOOK_SQL } from './webhooks.sql';

export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

/** The webhook outbox. Claims and outcomes follow the notification outbox (see docs/modules/notifications.md). */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /**
   * In the caller's transaction: one delivery per enabled endpoint that hears the event (the
   * vendor's own, and every manager's). Answers how many.
   */
  async fanOut(event: PublishedEvent): Promise<number> {
    const { rowCount } = await this.sql.run(
      WEBHOOK_SQL.fanOut.bind({
        eventId: event.id,
        eventType: event.type,
        body: event.body,
        vendorId: event.vendorId,
        traceParent: currentTraceParent(),
      }),
    );
    return rowCount;
  }

  /** One delivery to one endpoint (the test ping). */
  async insertOne(endpointId: number, event: Omit<PublishedEvent, 'vendorId'>): Promise<void> {
    await this.txHost.tx.insert(WebhookDelivery, {
      endpointId,
      eventId: event.id,
      eventType: event.type,
      body: event.body,
    });
  }

  /**
   * Takes up to `limit` due deliveries of enabled endpoints in one statement, at most `perEndpoint`
   * per endpoint counting those this worker already has in flight (`busy`), so a slow or dead
   * receiver never holds more than its share while the others' deliveries go on. SKIP LOCKED and the
   * lease work as in the notification outbox.
   */
  claimDue(limit: number, perEndpoint: number, busy: Map<number, number>, leaseMs: number): Promise<ClaimedDelivery[]> {
    return this.sql.rows(
      WEBHOOK_SQL.claimDue.bind({
        limit,
        perEndpoint,
        busyEndpoints: [...busy.keys()],
        busyCounts: [...busy.values()],
        leaseMs,
      }),
    );
  }

  /** Each outcome applies only while this worker still holds the claim (same attempts, still PENDING). */
  async markSucceeded(claim: ClaimedDelivery, attempt: AttemptRecord): Promise<boolean> {
    const updated = await this.finish(claim, {
      status: 'SUCCEEDED',
      deliveredAt: () => 'now()',
      ...this.attemptColumns(attempt),
    });
    if (updated) await this.sql.run(WEBHOOK_SQL.endpointSucceeded.bind({ endpointId: claim.endpointId }));
    return updated;
  }

  /**
   * A failed attempt: FAILED when `retryInMs` is undefined, else retried then. Counts towards the
   * endpoint's run of failures, which disables it when it reaches `disableAfter`.
   */
  async markAttemptFailed(
    claim: ClaimedDelivery,
    attempt: AttemptRecord,
    retryInMs: number | undefined,
    disableAfter: number,
  ): Promise<boolean> {
    const { statusCode, error, response } = attempt;
    const held = { id: claim.id, attempts: claim.attempts, statusCode, error, response };
    const { rowCount } = await this.sql.run(
      retryInMs === undefined
        ? WEBHOOK_SQL.attemptFailed.bind(held)
        : WEBHOOK_SQL.attemptRetried.bind({ ...held, retryInMs: Math.round(retryInMs) }),
    );
    const updated = rowCount > 0;
    if (updated) await this.sql.run(WEBHOOK_SQL.endpointFailed.bind({ endpointId: claim.endpointId, disableAfter }));
    return updated;
  }

  /** Fails a delivery claimed with no attempt left (the worker of its last attempt died before reporting). */
  markExhausted(claim: ClaimedDelivery, maxAttempts: number): Promise<boolean> {
    return this.finish(claim, {
      status: 'FAILED',
      attempts: claim.attempts - 1,
      lastError: `Gave up: the last of ${maxAttempts} attempts was interrupted before it could report.`,
    });
  }

  async list(endpointId: number, request: PageRequest): Promise<Page<WebhookDelivery>> {
    const [content, total] = await this.txHost.tx.findAndCount(WebhookDelivery, {
      where: { endpointId },
      order: { id: 'DESC' },
      skip: request.page * request.size,
      take: request.size,
    });
    return pageOf(content, request, total);
  }

  /**
   * Removes up to `limit` finished deliveries created before `cutoff`, oldest first, through
   * their own partial index: PENDING ones, however many and however old, are never looked at.
   * One statement per batch, so its row locks last one batch. Answers how many.
   */
  async deleteFinished(cutoff: Date, limit: number): Promise<number> {
    const { rowCount: affected } = await this.sql.run(WEBHOOK_SQL.deleteFinished.bind({ cutoff, limit }));
    return affected;
  }

  findOne(endpointId: number, id: string): Promise<WebhookDelivery | null> {
    return this.txHost.tx.findOneBy(WebhookDelivery, { endpointId, id });
  }

  /**
   * Sends a delivery again from its first attempt. One still PENDING is only made due now: a claim in
   * flight keeps its fencing number, so only one of the two outcomes is written.
   */
  async retry(delivery: WebhookDelivery): Promise<void> {
    const changes =
      delivery.status === 'PENDING'
        ? { nextAttemptAt: () => 'now()' }
        : { status: 'PENDING' as const, attempts: 0, nextAttemptAt: () => 'now()' };
    await this.txHost.tx.update(WebhookDelivery, { id: delivery.id }, changes);
  }

  private attemptColumns({ statusCode, error, response }: AttemptRecord) {
    return { lastStatusCode: statusCode, lastError: error, lastResponse: response };
  }

  private async finish(
    claim: ClaimedDelivery,
    changes: Parameters<TransactionHost<TransactionalAdapterTypeOrm>['tx']['update']>[2],
  ): Promise<boolean> {
    const result = await this.txHost.tx.update(
      WebhookDelivery,
      { id: claim.id, attempts: claim.attempts, status: 'PENDING' },
      changes,
    );
    return (result.affected ?? 0) > 0;
  }
}
