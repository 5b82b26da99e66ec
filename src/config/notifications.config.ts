import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { DISPLAY_NAME_PATTERN } from './settings/display-name-pattern';
import {
  Setting,
  SettingsGroup,
  flag,
  httpUrl,
  integer,
  optional,
  readSettings,
  requiredInProduction,
  withDefault,
} from './settings/setting';

/** One line of text customers read in every e-mail. */
const operatorText = (maxLength: number) =>
  Joi.string()
    .trim()
    .min(1)
    .max(maxLength)
    // eslint-disable-next-line no-control-regex
    .pattern(/^[^\u0000-\u001f\u007f<>]+$/)
    .messages({ 'string.pattern.base': '{{#label}} must be one line of plain text (no control characters, < or >)' });

/** Production must name itself; elsewhere the service goes by this name. */
function operatorName(outsideProduction: string, doc: string): Setting<string> {
  const name = Joi.string()
    .trim()
    .min(1)
    .max(100)
    .pattern(new RegExp(DISPLAY_NAME_PATTERN, 'u'))
    .pattern(/^[^<>"]+$/)
    .messages({
      'string.pattern.base':
        '{{#label}} must be a plain name (no line breaks, control or invisible characters, quotes, <, > or @)',
    });
  return {
    schema: requiredInProduction(name).when('NODE_ENV', {
      not: 'production',
      then: Joi.any().default(outsideProduction),
    }),
    doc,
    defaultValue: outsideProduction,
  };
}

export const notificationsSettings = {
  title: 'E-mail and SMS',
  settings: {
    SMTP_URL: optional(
      // Production never writes customers' e-mails to the log by omission: the operator says so.
      Joi.string()
        .uri({ scheme: ['smtp', 'smtps'] })
        .when('NODE_ENV', {
          is: 'production',
          then: Joi.when('MAIL_TO_LOG', {
            // The sibling as written ('true', 'TRUE', unset…), read as the flag reads it.
            is: Joi.boolean().invalid(true).empty(''),
            then: Joi.required().messages({
              'any.required':
                'SMTP_URL is required when NODE_ENV=production, unless MAIL_TO_LOG=true sends e-mails to the log',
            }),
          }),
        }),
      '`smtp://`/`smtps://` mail server URL; unset: e-mails go to the log, links masked (see [Notifications](modules/notifications.md)), which production allows only with `MAIL_TO_LOG=true`',
    ),
    MAIL_TO_LOG: flag(
      false,
      '`true`: in production without `SMTP_URL`, e-mails go to the log (their links masked) instead of stopping the start; no effect outside production or with `SMTP_URL`',
    ),
    MAIL_FROM: withDefault(
      Joi.string()
        .max(254)
        .when('SMTP_URL', {
          is: Joi.exist(),
          then: Joi.required().messages({ 'any.required': 'MAIL_FROM is required when SMTP_URL is set' }),
        }),
      'no-reply@localhost',
      'sender address of the e-mails (`Name <address>` or an address); required with `SMTP_URL`. Each e-mail names its own sender in front of the address: `"{vendor} via {OPERATOR_NAME}"`, with `Reply-To` the vendor\'s e-mail',
    ),
    OPERATOR_NAME: operatorName(
      'Vendor Leads',
      "who sends the customers' messages on the vendors' behalf; a plain name",
    ),
    OPERATOR_MAILING_ADDRESS: optional(
      requiredInProduction(operatorText(300)),
      "the operator's mailing address (one line), shown in every e-mail's identification block when the vendor's profile has none (CASL)",
    ),
    OPERATOR_CONTACT: optional(
      requiredInProduction(operatorText(200)),
      "how customers reach the operator (a phone, e-mail or web address), shown when the vendor's profile gives no contact, and in the replies to `HELP`/`AIDE` texts",
    ),
    SMS_API_BASE_URL: withDefault(httpUrl(), 'https://api.twilio.com', 'base URL of the Twilio-shaped Messages API'),
    SMS_ACCOUNT_SID: optional(
      Joi.string().max(100),
      'SMS provider account; `SMS_ACCOUNT_SID`, `SMS_AUTH_TOKEN` and `SMS_FROM` come together or not at all',
    ),
    SMS_AUTH_TOKEN: optional(
      Joi.string().max(200),
      'SMS provider token (basic auth with the account SID); also the key of the `X-Twilio-Signature` that `POST /sms/inbound` checks',
    ),
    // One sender number in E.164, or a pool of them separated by commas (docs/contract.md#sms-replies).
    SMS_FROM: optional(
      Joi.string()
        .max(2000)
        .pattern(/^\s*\+[1-9]\d{6,14}\s*(,\s*\+[1-9]\d{6,14}\s*)*$/)
        .messages({ 'string.pattern.base': 'SMS_FROM must be an E.164 number, or several separated by commas' }),
      'sender number (E.164), or a comma-separated pool of them: each (phone, vendor) pair texts from one, never shared by two vendors for one phone, so replies reach the vendor that wrote; as many numbers as vendors may write to one phone (a text beyond is refused, logged `sms_sender_pool_full`: [texts customers send back](modules/sms-inbound.md)); the same on every instance; unset `SMS_*`: SMS go to the log',
    ),
    NOTIFY_WORKER_ENABLED: flag(true, '`false`: this instance queues messages but does not deliver them'),
    NOTIFY_POLL_INTERVAL_MS: integer(
      10,
      600_000,
      2000,
      "idle worker's poll interval (it is also woken by this process's commits)",
    ),
    NOTIFY_CONCURRENCY: integer(1, 100, 10, 'messages one instance delivers at a time (claimed as slots free up)'),
    NOTIFY_MAX_ATTEMPTS: integer(1, 100, 8, 'attempts before a message that keeps failing is `FAILED`'),
    NOTIFY_BACKOFF_BASE_MS: integer(
      1,
      undefined,
      60_000,
      'delay after the first failed attempt; doubles each time, with jitter',
    ),
    NOTIFY_BACKOFF_MAX_MS: withDefault(
      Joi.number().integer().min(Joi.ref('NOTIFY_BACKOFF_BASE_MS')),
      3_600_000,
      'cap of that delay',
    ),
    NOTIFY_SEND_TIMEOUT_MS: integer(
      100,
      600_000,
      30_000,
      'hard limit of one delivery attempt (SMTP conversation or HTTP request)',
    ),
    // It must outlast any delivery (see docs/modules/notifications.md).
    NOTIFY_LEASE_MS: withDefault(
      Joi.number()
        .integer()
        .min(Joi.ref('NOTIFY_SEND_TIMEOUT_MS', { adjust: (timeout: number) => timeout * 3 }))
        .messages({ 'number.min': 'NOTIFY_LEASE_MS must be at least 3 times NOTIFY_SEND_TIMEOUT_MS' }),
      300_000,
      'a claimed message whose worker died is retried after this; ≥ 3 × send timeout',
    ),
  },
} satisfies SettingsGroup;

/** SMS_FROM as its list of E.164 numbers (one, or several separated by commas), each once, in order. */
export const smsSenderPoolOf = (value: string): string[] => [
  ...new Set(value.split(',').map((number) => number.trim())),
];

/** Delivery of e-mail and SMS (src/notifications). */
export const notificationsConfig = registerAs('notifications', () => {
  const env = readSettings(notificationsSettings);
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
