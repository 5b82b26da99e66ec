import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** Webhook endpoints and their delivery (src/webhooks, docs/contract.md#events-webhooks). */
export const webhooksConfig = registerAs('webhooks', () => {
  const env = readEnvironment();
  return {
    /** `http` urls accepted besides `https` (tests, private networks). */
    allowInsecure: env.WEBHOOK_ALLOW_INSECURE,
    /** Loopback, private, link-local... targets accepted (tests, private networks). */
    allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    workerEnabled: env.WEBHOOK_WORKER_ENABLED,
    pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
    /** Deliveries in flight per instance, and per endpoint (one slow receiver holds at most its own share). */
    concurrency: env.WEBHOOK_CONCURRENCY,
    perEndpointConcurrency: env.WEBHOOK_ENDPOINT_CONCURRENCY,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    backoffBaseMs: env.WEBHOOK_BACKOFF_BASE_MS,
    backoffMaxMs: env.WEBHOOK_BACKOFF_MAX_MS,
    disableAfterFailures: env.WEBHOOK_DISABLE_AFTER_FAILURES,
    leaseMs: env.WEBHOOK_LEASE_MS,
  };
});

export type WebhooksConfig = ConfigType<typeof webhooksConfig>;
