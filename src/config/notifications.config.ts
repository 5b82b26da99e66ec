import { ConfigType, registerAs } from '@nestjs/config';

/** Outside production only: production must name itself. */
export const DEFAULT_OPERATOR_NAME = 'Vendor Leads';
export const DEFAULT_SMS_API_BASE_URL = 'https://api.twilio.com';

/** SMS_FROM as its list of E.164 numbers (one, or several separated by commas), each once, in order. */
export const smsSenderPoolOf = (value: string): string[] => [
  ...new Set(value.split(',').map((number) => number.trim())),
];

/** Delivery of e-mail and SMS (src/notifications). Values are validated in env.validation.ts. */
export const notificationsConfig = registerAs('notifications', () => {
  const smsAccountSid = process.env.SMS_ACCOUNT_SID || undefined;
  const smsAuthToken = process.env.SMS_AUTH_TOKEN || undefined;
  const smsFrom = process.env.SMS_FROM || undefined;
  return {
    /** Unset: e-mails are written to the log and marked sent. */
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || 'no-reply@localhost',
    /** The operator sending for the vendors (required in production); e-mails come from "{vendor} via {operatorName}". */
    operatorName: process.env.OPERATOR_NAME?.trim() || DEFAULT_OPERATOR_NAME,
    /** Unset outside production only: then the e-mails' identification block shows the vendor's alone. */
    operatorMailingAddress: process.env.OPERATOR_MAILING_ADDRESS?.trim() || null,
    /** How customers reach the operator (a phone, e-mail or web address), when the vendor gave no contact. */
    operatorContact: process.env.OPERATOR_CONTACT?.trim() || null,
    /** Unset (any of the three): SMS are written to the log and marked sent. */
    sms:
      smsAccountSid && smsAuthToken && smsFrom
        ? {
            apiBaseUrl: (process.env.SMS_API_BASE_URL || DEFAULT_SMS_API_BASE_URL).replace(/\/+$/, ''),
            accountSid: smsAccountSid,
            authToken: smsAuthToken,
            /** The first of the pool: the sender of texts that are no conversation (the vendors' own alerts). */
            from: smsSenderPoolOf(smsFrom)[0],
            /** Every number of SMS_FROM: each (phone, vendor) pair texts from one of them (SmsSenderPool). */
            senderPool: smsSenderPoolOf(smsFrom),
          }
        : undefined,
    workerEnabled: (process.env.NOTIFY_WORKER_ENABLED ?? 'true') === 'true',
    pollIntervalMs: Number(process.env.NOTIFY_POLL_INTERVAL_MS ?? 2000),
    concurrency: Number(process.env.NOTIFY_CONCURRENCY ?? 10),
    maxAttempts: Number(process.env.NOTIFY_MAX_ATTEMPTS ?? 8),
    backoffBaseMs: Number(process.env.NOTIFY_BACKOFF_BASE_MS ?? 60_000),
    backoffMaxMs: Number(process.env.NOTIFY_BACKOFF_MAX_MS ?? 3_600_000),
    sendTimeoutMs: Number(process.env.NOTIFY_SEND_TIMEOUT_MS ?? 30_000),
    leaseMs: Number(process.env.NOTIFY_LEASE_MS ?? 300_000),
  };
});

export type NotificationsConfig = ConfigType<typeof notificationsConfig>;
