import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, flag, integer, readSettings, withDefault } from './settings/setting';

export const webhooksSettings = {
  title: 'Webhooks',
  settings: {
    WEBHOOK_TIMEOUT_MS: integer(100, 60_000, 10_000, 'a webhook attempt without a 2xx within this is a failure'),
    WEBHOOK_MAX_ATTEMPTS: integer(1, 50, 12, 'attempts before a delivery is `FAILED`'),
    WEBHOOK_BACKOFF_BASE_MS: integer(
      1,
      undefined,
      30_000,
      'delay after the first failed attempt; doubles each time, with jitter',
    ),
    WEBHOOK_BACKOFF_MAX_MS: withDefault(
      Joi.number().integer().min(Joi.ref('WEBHOOK_BACKOFF_BASE_MS')),
      86_400_000,
      'cap of that delay',
    ),
    WEBHOOK_DISABLE_AFTER_FAILURES: integer(
      1,
      100_000,
      100,
      'failed attempts in a row that disable an endpoint (`enabled: false`, `disabledReason`)',
    ),
    WEBHOOK_ALLOW_INSECURE: flag(false, '`true`: `http` urls are accepted besides `https`'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: flag(
      false,
      '`true`: loopback, private, link-local... targets are accepted (tests, private networks)',
    ),
    WEBHOOK_WORKER_ENABLED: flag(true, '`false`: this instance queues webhook deliveries but does not send them'),
    WEBHOOK_POLL_INTERVAL_MS: integer(
      10,
      600_000,
      1000,
      "idle webhook worker's poll interval (also woken by this process's commits)",
    ),
    WEBHOOK_CONCURRENCY: integer(1, 500, 20, 'attempts one instance makes at a time'),
    WEBHOOK_ENDPOINT_CONCURRENCY: integer(
      1,
      100,
      4,
      'of those, at most this many to one endpoint, so a slow receiver holds back only itself',
    ),
    // It must outlast any attempt.
    WEBHOOK_LEASE_MS: withDefault(
      Joi.number()
        .integer()
        .min(Joi.ref('WEBHOOK_TIMEOUT_MS', { adjust: (timeout: number) => timeout * 3 }))
        .messages({ 'number.min': 'WEBHOOK_LEASE_MS must be at least 3 times WEBHOOK_TIMEOUT_MS' }),
      60_000,
      'a claimed delivery whose worker died is retried after this; ≥ 3 × timeout',
    ),
  },
} satisfies SettingsGroup;

/** Webhook endpoints and their delivery (src/webhooks, docs/contract.md#events-webhooks). */
export const webhooksConfig = registerAs('webhooks', () => {
  const env = readSettings(webhooksSettings);
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
