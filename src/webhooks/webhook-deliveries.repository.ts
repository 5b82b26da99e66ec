import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Page, PageRequest, pageOf } from '../common/pagination/page';
import { Sql } from '../database/sql';
import type { PublishedEvent } from '../events/event-subscribers';
import { WebhookDelivery } from './entities/webhook-delivery.entity';

/** A delivery a worker holds, with what it needs to sign and send; `attempts` fences every outcome. */
export interface ClaimedDelivery {
  id: string;
  endpointId: number;
  eventId: string;
  body: string;
  attempts: number;
  url: string;
  /** The current secret, and the previous one while it still signs, sealed as stored (WebhookSecrets opens them). */
  secrets: string[];
}

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
    const { rowCount } = await this.sql.run({
      sql: `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
       SELECT e.id, $1, $2::text, $3 FROM webhook_endpoints e
        WHERE e.enabled
          AND ((e.account_type = 'vendor' AND e.account_id = $4) OR e.account_type = 'manager')
          AND ($2::text = ANY(e.events) OR '*' = ANY(e.events))`,
      parameters: [event.id, event.type, event.body, event.vendorId],
    });
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
    return this.sql.rows({
      sql: `WITH candidates AS (
         SELECT d.id, d.next_attempt_at,
                row_number() OVER (PARTITION BY e.id ORDER BY d.next_attempt_at, d.id) AS rank,
                $2 - coalesce(b.in_flight, 0) AS free
           FROM webhook_endpoints e
           LEFT JOIN unnest($3::int[], $4::int[]) AS b(endpoint_id, in_flight) ON b.endpoint_id = e.id
          CROSS JOIN LATERAL (
                SELECT w.id, w.next_attempt_at FROM webhook_deliveries w
                 WHERE w.endpoint_id = e.id AND w.status = 'PENDING' AND w.next_attempt_at <= now()
                 ORDER BY w.next_attempt_at, w.id
                 LIMIT $2
                   FOR UPDATE SKIP LOCKED) AS d
          WHERE e.enabled
            -- A deactivated vendor's endpoints wait (webhook_paused_vendors): not sent, no failure counted.
            AND NOT EXISTS (SELECT 1 FROM webhook_paused_vendors p
                             WHERE e.account_type = 'vendor' AND p.vendor_id = e.account_id)
       ), due AS (
         SELECT id FROM candidates WHERE rank <= free ORDER BY next_attempt_at, id LIMIT $1
       ), claimed AS (
         UPDATE webhook_deliveries AS w
            SET attempts = w.attempts + 1,
                last_attempt_at = now(),
                next_attempt_at = now() + make_interval(secs => $5::float8 / 1000)
           FROM due WHERE w.id = due.id
       RETURNING w.id, w.endpoint_id, w.event_id, w.body, w.attempts
       )
       SELECT c.id, c.endpoint_id AS "endpointId", c.event_id AS "eventId", c.body, c.attempts, e.url,
              array_remove(ARRAY[e.secret,
                CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END], NULL) AS secrets
         FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`,
      parameters: [limit, perEndpoint, [...busy.keys()], [...busy.values()], leaseMs],
    });
  }

  /** Each outcome applies only while this worker still holds the claim (same attempts, still PENDING). */
  async markSucceeded(claim: ClaimedDelivery, attempt: AttemptRecord): Promise<boolean> {
    const updated = await this.finish(claim, {
      status: 'SUCCEEDED',
      deliveredAt: () => 'now()',
      ...this.attemptColumns(attempt),
    });
    if (updated) await this.sql.run({ sql: SUCCEEDED_ENDPOINT, parameters: [claim.endpointId] });
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
    const next =
      retryInMs === undefined
        ? { status: 'FAILED' as const }
        : { nextAttemptAt: () => `now() + make_interval(secs => ${Math.round(retryInMs)}::float8 / 1000)` };
    const updated = await this.finish(claim, { ...next, ...this.attemptColumns(attempt) });
    if (updated) await this.sql.run({ sql: FAILED_ENDPOINT, parameters: [claim.endpointId, disableAfter] });
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
    const { rowCount: affected } = await this.sql.run({
      sql: `DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
         SELECT id FROM webhook_deliveries
          WHERE status <> 'PENDING' AND created_at < $1
          ORDER BY created_at LIMIT $2))`,
      parameters: [cutoff, limit],
    });
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

const SUCCEEDED_ENDPOINT = `UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures > 0`;

const FAILED_ENDPOINT = `
  UPDATE webhook_endpoints
     SET consecutive_failures = consecutive_failures + 1,
         enabled = CASE WHEN consecutive_failures + 1 >= $2 THEN false ELSE enabled END,
         disabled_reason = CASE WHEN enabled AND consecutive_failures + 1 >= $2
           THEN 'Disabled after ' || $2 || ' failed deliveries in a row.' ELSE disabled_reason END
   WHERE id = $1`;
