import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** SMS_FROM as its list of E.164 numbers (one, or several separated by commas), each once, in order. */
export const smsSenderPoolOf = (value: string): string[] => [
  ...new Set(value.split(',').map((number) => number.trim())),
];

/** Delivery of e-mail and SMS (src/notifications). */
export const notificationsConfig = registerAs('notifications', () => {
  const env = readEnvironment();
  return {
    /** Unset: e-mails are written to the log and marked sent. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** The operator sending for the vendors (required in production); e-mails come from "{vendor} via {operatorName}". */
    operatorName: env.OPERATOR_NAME,
    /** Unset outside production only: then the e-mails' identification block shows the vendor's alone. */
    operatorMailingAddress: env.OPERATOR_MAILING_ADDRESS ?? null,
    /** How customers reach the operator (a phone, e-mail or web address), when the vendor gave no contact. */
    operatorContact: env.OPERATOR_CONTACT ?? null,
    /** Unset (the three come together): SMS are written to the log and marked sent. */
    sms:
      env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
        ? {
            apiBaseUrl: env.SMS_API_BASE_URL.replace(/\/+$/, ''),
            accountSid: env.SMS_ACCOUNT_SID,
            authToken: env.SMS_AUTH_TOKEN,
            /** The first of the pool: the sender of texts that are no conversation (the vendors' own alerts). */
            from: smsSenderPoolOf(env.SMS_FROM)[0],
            /** Every number of SMS_FROM: each (phone, vendor) pair texts from one of them (SmsSenderPool). */
            senderPool: smsSenderPoolOf(env.SMS_FROM),
          }
        : undefined,
    workerEnabled: env.NOTIFY_WORKER_ENABLED,
    pollIntervalMs: env.NOTIFY_POLL_INTERVAL_MS,
    concurrency: env.NOTIFY_CONCURRENCY,
    maxAttempts: env.NOTIFY_MAX_ATTEMPTS,
    backoffBaseMs: env.NOTIFY_BACKOFF_BASE_MS,
    backoffMaxMs: env.NOTIFY_BACKOFF_MAX_MS,
    sendTimeoutMs: env.NOTIFY_SEND_TIMEOUT_MS,
    leaseMs: env.NOTIFY_LEASE_MS,
  };
});

export type NotificationsConfig = ConfigType<typeof notificationsConfig>;
