import { ConfigType, registerAs } from '@nestjs/config';

/** Webhook endpoints and their delivery (src/webhooks, docs/contract.md#events-webhooks). Values are validated in env.validation.ts. */
export const webhooksConfig = registerAs('webhooks', () => ({
  /** `http` urls accepted besides `https` (tests, private networks). */
  allowInsecure: process.env.WEBHOOK_ALLOW_INSECURE === 'true',
  /** Loopback, private, link-local... targets accepted (tests, private networks). */
  allowPrivateTargets: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
  workerEnabled: (process.env.WEBHOOK_WORKER_ENABLED ?? 'true') === 'true',
  pollIntervalMs: Number(process.env.WEBHOOK_POLL_INTERVAL_MS ?? 1000),
  /** Deliveries in flight per instance, and per endpoint (one slow receiver holds at most its own share). */
  concurrency: Number(process.env.WEBHOOK_CONCURRENCY ?? 20),
  perEndpointConcurrency: Number(process.env.WEBHOOK_ENDPOINT_CONCURRENCY ?? 4),
  timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS ?? 10_000),
  maxAttempts: Number(process.env.WEBHOOK_MAX_ATTEMPTS ?? 12),
  backoffBaseMs: Number(process.env.WEBHOOK_BACKOFF_BASE_MS ?? 30_000),
  backoffMaxMs: Number(process.env.WEBHOOK_BACKOFF_MAX_MS ?? 24 * 3_600_000),
  disableAfterFailures: Number(process.env.WEBHOOK_DISABLE_AFTER_FAILURES ?? 100),
  leaseMs: Number(process.env.WEBHOOK_LEASE_MS ?? 60_000),
}));

export type WebhooksConfig = ConfigType<typeof webhooksConfig>;
