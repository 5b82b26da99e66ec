import { NamedSql } from '../database/named-sql';
import type { EventRecipient } from '../events/event-subscribers';
import type { WebhookEndpoint } from './entities/webhook-endpoint.entity';

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
  /** The W3C traceparent of what published the event (tracing on). */
  traceParent: string | null;
}

/** An endpoint's secrets as stored (sealed). */
export type StoredSecrets = Pick<WebhookEndpoint, 'id' | 'secret' | 'previousSecret'>;

/** A delivery reached its receiver when it succeeded or a receiver answered an attempt with a status. */
const REACHED = `(d.status = 'SUCCEEDED' OR d.last_status_code IS NOT NULL)`;

/** The attempt's record on a delivery the claim (:id, :attempts) still holds. */
const ATTEMPT_COLUMNS = `last_status_code = :statusCode, last_error = :error, last_response = :response`;
const CLAIM_HELD = `id = :id AND attempts = :attempts AND status = 'PENDING'`;

export const WEBHOOK_SQL = {
  /** One delivery of the event :eventId per enabled endpoint that hears it (:vendorId's own, and every manager's). */
  fanOut: new NamedSql(
    `
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, trace_parent)
    SELECT e.id, :eventId, :eventType::text, :body, :traceParent::text FROM webhook_endpoints e
     WHERE e.enabled
       AND ((e.account_type = 'vendor' AND e.account_id = :vendorId) OR e.account_type = 'manager')
       AND (:eventType::text = ANY(e.events) OR '*' = ANY(e.events))`,
    { prepare: true },
  ),

  /**
   * Takes up to :limit due deliveries of enabled endpoints in one statement, at most :perEndpoint per
   * endpoint counting those this worker already has in flight (:busyEndpoints, :busyCounts), leased
   * for :leaseMs. SKIP LOCKED and the lease work as in the notification outbox.
   */
  claimDue: new NamedSql<ClaimedDelivery>(`
    WITH candidates AS (
      SELECT d.id, d.next_attempt_at,
             row_number() OVER (PARTITION BY e.id ORDER BY d.next_attempt_at, d.id) AS rank,
             :perEndpoint - coalesce(b.in_flight, 0) AS free
        FROM webhook_endpoints e
        LEFT JOIN unnest(:busyEndpoints::int[], :busyCounts::int[]) AS b(endpoint_id, in_flight) ON b.endpoint_id = e.id
       CROSS JOIN LATERAL (
             SELECT w.id, w.next_attempt_at FROM webhook_deliveries w
              WHERE w.endpoint_id = e.id AND w.status = 'PENDING' AND w.next_attempt_at <= now()
              ORDER BY w.next_attempt_at, w.id
              LIMIT :perEndpoint
                FOR UPDATE SKIP LOCKED) AS d
       WHERE e.enabled
         -- A deactivated vendor's endpoints wait (webhook_paused_vendors): not sent, no failure counted.
         AND NOT EXISTS (SELECT 1 FROM webhook_paused_vendors p
                          WHERE e.account_type = 'vendor' AND p.vendor_id = e.account_id)
    ), due AS (
      SELECT id FROM candidates WHERE rank <= free ORDER BY next_attempt_at, id LIMIT :limit
    ), claimed AS (
      UPDATE webhook_deliveries AS w
         SET attempts = w.attempts + 1,
             last_attempt_at = now(),
             next_attempt_at = now() + make_interval(secs => :leaseMs::float8 / 1000)
        FROM due WHERE w.id = due.id
    RETURNING w.id, w.endpoint_id, w.event_id, w.body, w.attempts, w.trace_parent
    )
    SELECT c.id, c.endpoint_id AS "endpointId", c.event_id AS "eventId", c.body, c.attempts, e.url,
           c.trace_parent AS "traceParent",
           array_remove(ARRAY[e.secret,
             CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END], NULL) AS secrets
      FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`),

  /** A failed attempt of the claim, given up (FAILED). */
  attemptFailed: new NamedSql(`
    UPDATE webhook_deliveries SET status = 'FAILED', ${ATTEMPT_COLUMNS} WHERE ${CLAIM_HELD}`),

  /** A failed attempt of the claim, due again :retryInMs from now. */
  attemptRetried: new NamedSql(`
    UPDATE webhook_deliveries
       SET next_attempt_at = now() + make_interval(secs => :retryInMs::float8 / 1000), ${ATTEMPT_COLUMNS}
     WHERE ${CLAIM_HELD}`),

  /** The endpoint :endpointId's run of failures ends. */
  endpointSucceeded: new NamedSql(
    `UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = :endpointId AND consecutive_failures > 0`,
  ),

  /** One more failure in a row of the endpoint :endpointId, which disables it at :disableAfter. */
  endpointFailed: new NamedSql(`
    UPDATE webhook_endpoints
       SET consecutive_failures = consecutive_failures + 1,
           enabled = CASE WHEN consecutive_failures + 1 >= :disableAfter THEN false ELSE enabled END,
           disabled_reason = CASE WHEN enabled AND consecutive_failures + 1 >= :disableAfter
             THEN 'Disabled after ' || :disableAfter || ' failed deliveries in a row.' ELSE disabled_reason END
     WHERE id = :endpointId`),

  /** Removes up to :limit finished deliveries created before :cutoff, oldest first, through their partial index. */
  deleteFinished: new NamedSql(`
    DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
      SELECT id FROM webhook_deliveries
       WHERE status <> 'PENDING' AND created_at < :cutoff
       ORDER BY created_at LIMIT :limit))`),

  /** One-key transaction lock on the hash of :account (an account with no endpoint yet has no row to lock). */
  lockAccount: new NamedSql(`SELECT pg_advisory_xact_lock(hashtext(:account))`),

  /** Every endpoint with a secret that does not start with :prefix (not sealed under the current key). */
  secretsNotStartingWith: new NamedSql<StoredSecrets>(`
    SELECT id, secret, previous_secret AS "previousSecret" FROM webhook_endpoints
    WHERE NOT starts_with(secret, :prefix) OR NOT starts_with(previous_secret, :prefix)
    ORDER BY id`),

  /** The endpoint :id's secrets :secret and :previousSecret, if still :storedSecret and :storedPreviousSecret. */
  replaceSecrets: new NamedSql(`
    UPDATE webhook_endpoints SET secret = :secret, previous_secret = :previousSecret
    WHERE id = :id AND secret = :storedSecret AND previous_secret IS NOT DISTINCT FROM :storedPreviousSecret`),

  /** Holds :vendorId's deliveries (it was deactivated). */
  pauseVendor: new NamedSql(`INSERT INTO webhook_paused_vendors (vendor_id) VALUES (:vendorId) ON CONFLICT DO NOTHING`),

  /** The endpoints that received any of the :eventIds, with how many deliveries and the last (idx_webhook_deliveries_event). */
  recipientsOf: new NamedSql<EventRecipient>(`
    SELECT e.id, e.account_type AS "accountType", e.account_id AS "accountId", e.url,
           count(*)::int AS deliveries, max(coalesce(d.delivered_at, d.last_attempt_at)) AS "lastSentAt"
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.event_id = ANY(:eventIds::varchar[]) AND ${REACHED}
     GROUP BY e.id ORDER BY e.id`),

  /** The copies of the :eventIds, locked, and whether each reached its receiver. */
  copiesOf: new NamedSql<{ id: string; body: string; lastResponse: string | null; left: boolean }>(`
    SELECT id::text AS id, body, last_response AS "lastResponse", ${REACHED} AS left
    FROM webhook_deliveries d WHERE event_id = ANY(:eventIds::varchar[]) FOR UPDATE`),

  /** The copy :id's :body and :lastResponse rewritten. */
  rewriteCopy: new NamedSql(`UPDATE webhook_deliveries SET body = :body, last_response = :lastResponse WHERE id = :id`),
};
