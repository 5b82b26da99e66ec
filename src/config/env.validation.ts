import Joi from 'joi';
import { isLeadUrlTemplate } from './lead-alerts.config';
import { SECRETS_KEY_FORM } from './secrets.config';

// One proxy address or subnet as Express's `trust proxy` takes them (proxy-addr): a keyword, an IP or a CIDR.
const PROXY = String.raw`(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\d{1,3})?)`;
const PROXY_LIST = new RegExp(String.raw`^\s*${PROXY}(\s*,\s*${PROXY})*\s*$`);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const ianaTimeZone = Joi.string()
  .custom((value: string, helpers) => (isTimeZone(value) ? value : helpers.error('any.invalid')))
  .messages({ 'any.invalid': '{{#label}} must be an IANA time zone such as America/Toronto' });

/** Every environment variable the service reads, validated once at start. */
/** One line of text customers read in every e-mail, required in production. */
const operatorText = (name: string, maxLength: number) =>
  Joi.string()
    .trim()
    .min(1)
    .max(maxLength)
    // eslint-disable-next-line no-control-regex
    .pattern(/^[^\u0000-\u001f\u007f<>]+$/)
    .messages({ 'string.pattern.base': `${name} must be one line of plain text (no control characters, < or >)` })
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': `${name} is required when NODE_ENV=production` }),
    });

export const envValidationSchema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  // No default here: a default would be set into the environment, and an unset PORT matters (app.config).
  PORT: Joi.number().port().optional(),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  DATA_DIR: Joi.string().default('./.data'),
  TRUST_PROXY: Joi.alternatives(
    Joi.boolean(),
    Joi.number().integer().min(0),
    Joi.string().pattern(PROXY_LIST).messages({
      'string.pattern.base':
        'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/subnets',
    }),
  ).default(false),
  PUBLIC_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .optional(),
  // postgres: image files in the database, shared by every instance; s3: an S3-compatible bucket, shared
  // too; local: files under UPLOAD_DIR (one instance).
  IMAGE_STORAGE: Joi.string().valid('postgres', 's3', 'local').default('postgres'),
  UPLOAD_DIR: Joi.string().optional(),
  // Unset: AWS S3 itself (the region's endpoint).
  S3_ENDPOINT: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .optional(),
  // Bucket names as S3 allows them: 3..63 lowercase letters, digits, dots and hyphens.
  S3_BUCKET: Joi.string()
    .pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .when('IMAGE_STORAGE', {
      is: 's3',
      then: Joi.required().messages({ 'any.required': 'S3_BUCKET is required when IMAGE_STORAGE=s3' }),
    })
    .messages({ 'string.pattern.base': 'S3_BUCKET must be an S3 bucket name (3-63 of a-z, 0-9, . and -)' }),
  S3_REGION: Joi.string()
    .pattern(/^[a-z0-9-]{1,50}$/)
    .default('us-east-1'),
  // Unset (both): the AWS SDK's default credential chain (AWS_* variables, shared files, instance role).
  S3_ACCESS_KEY_ID: Joi.string().max(256).optional(),
  S3_SECRET_ACCESS_KEY: Joi.string().max(256).optional(),
  S3_FORCE_PATH_STYLE: Joi.string().valid('true', 'false').default('false'),
  // Unset: an embedded PostgreSQL is started with its data under DATA_DIR.
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .optional(),
  // Unset: a free port, chosen on the first start and kept in DATA_DIR/postgres.port.
  EMBEDDED_POSTGRES_PORT: Joi.number().port().optional(),
  DATABASE_POOL_MAX: Joi.number().integer().min(2).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: Joi.number().integer().min(100).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(100).default(15000),
  JWT_SECRET: Joi.string()
    .min(32)
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'JWT_SECRET is required when NODE_ENV=production' }),
    }),
  SECRETS_KEY: Joi.string()
    .pattern(SECRETS_KEY_FORM)
    .messages({ 'string.pattern.base': 'SECRETS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)' })
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'SECRETS_KEY is required when NODE_ENV=production' }),
    }),
  SECRETS_KEY_PREVIOUS: Joi.string().pattern(SECRETS_KEY_FORM).invalid(Joi.ref('SECRETS_KEY')).messages({
    'string.pattern.base': 'SECRETS_KEY_PREVIOUS must be 32 random bytes in base64 (openssl rand -base64 32)',
    'any.invalid': 'SECRETS_KEY_PREVIOUS must differ from SECRETS_KEY',
  }),
  // The key of the erased contacts' hashes (docs/contract.md#data-rights); generated into DATA_DIR outside production.
  SUPPRESSION_KEY: Joi.string()
    .min(32)
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'SUPPRESSION_KEY is required when NODE_ENV=production' }),
    }),
  // Retention in days (0 = keep): message bodies, webhook deliveries, closed leads' contact details, the audit log.
  RETENTION_MESSAGE_BODIES_DAYS: Joi.number().integer().min(0).max(36_500).default(180),
  RETENTION_WEBHOOK_DELIVERIES_DAYS: Joi.number().integer().min(0).max(36_500).default(30),
  RETENTION_CLOSED_LEADS_DAYS: Joi.number().integer().min(0).max(36_500).default(0),
  AUDIT_LOG_RETENTION_DAYS: Joi.number().integer().min(0).max(36_500).default(730),
  CORS_ORIGINS: Joi.string()
    .allow('')
    .pattern(/^\s*(https?:\/\/[^\s,]+)(\s*,\s*https?:\/\/[^\s,]+)*\s*$/)
    .messages({ 'string.pattern.base': 'CORS_ORIGINS must be a comma-separated list of http(s) origins' }),
  HTTP_REQUEST_TIMEOUT_MS: Joi.number().integer().min(1000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: Joi.number().integer().min(1000).default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Joi.number().integer().min(1000).default(5_000),
  HTTP_MAX_CONNECTIONS: Joi.number().integer().min(10).max(1_000_000).default(2048),
  LEAD_EXPIRY_HOURS: Joi.number().positive().default(72),
  LEAD_STATUS_REMINDER_DAYS: Joi.number().positive().default(7),
  RATE_LIMIT_MAX: Joi.number().integer().min(1).max(1_000_000).default(250),
  RATE_LIMIT_WINDOW_MS: Joi.number().integer().min(1000).max(86_400_000).default(300_000),
  // Unset: rate-limit counters are kept in memory per instance.
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .optional(),
  RATE_LIMIT_REDIS_PREFIX: Joi.string().max(100).default('rate-limit:'),
  RATE_LIMIT_REDIS_TIMEOUT_MS: Joi.number().integer().min(100).max(60_000).default(2000),
  DOCUMENTS_TIME_ZONE: ianaTimeZone.default('America/Toronto'),
  // Contact requests one share link takes in any 24 hours.
  REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: Joi.number().integer().min(1).max(10_000).default(20),
  // Notifications: unset SMTP_URL / SMS_* write messages to the log instead of sending them.
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .optional(),
  MAIL_FROM: Joi.string()
    .max(254)
    .when('SMTP_URL', {
      is: Joi.exist(),
      then: Joi.required().messages({ 'any.required': 'MAIL_FROM is required when SMTP_URL is set' }),
    }),
  // Who sends the customers' messages on the vendors' behalf: e-mails come from "{vendor} via {OPERATOR_NAME}".
  OPERATOR_NAME: Joi.string()
    .trim()
    .min(1)
    .max(100)
    .pattern(/^[^\r\n<>"@]+$/)
    .messages({ 'string.pattern.base': 'OPERATOR_NAME must be a plain name (no line breaks, quotes, <, > or @)' })
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'OPERATOR_NAME is required when NODE_ENV=production' }),
    }),
  // The identification block of every e-mail (CASL): the operator's address, and how to reach it when the vendor gave no contact.
  OPERATOR_MAILING_ADDRESS: operatorText('OPERATOR_MAILING_ADDRESS', 300),
  OPERATOR_CONTACT: operatorText('OPERATOR_CONTACT', 200),
  SMS_API_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .optional(),
  SMS_ACCOUNT_SID: Joi.string().max(100).optional(),
  SMS_AUTH_TOKEN: Joi.string().max(200).optional(),
  // One sender number in E.164, or a pool of them separated by commas (docs/contract.md#sms-replies).
  SMS_FROM: Joi.string()
    .max(2000)
    .pattern(/^\s*\+[1-9]\d{6,14}\s*(,\s*\+[1-9]\d{6,14}\s*)*$/)
    .optional()
    .messages({ 'string.pattern.base': 'SMS_FROM must be an E.164 number, or several separated by commas' }),
  NOTIFY_WORKER_ENABLED: Joi.string().valid('true', 'false').default('true'),
  NOTIFY_POLL_INTERVAL_MS: Joi.number().integer().min(10).max(600_000).default(2000),
  NOTIFY_CONCURRENCY: Joi.number().integer().min(1).max(100).default(10),
  NOTIFY_MAX_ATTEMPTS: Joi.number().integer().min(1).max(100).default(8),
  NOTIFY_BACKOFF_BASE_MS: Joi.number().integer().min(1).default(60_000),
  NOTIFY_BACKOFF_MAX_MS: Joi.number().integer().min(Joi.ref('NOTIFY_BACKOFF_BASE_MS')).default(3_600_000),
  NOTIFY_SEND_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(30_000),
  // A claimed message is retried after the lease; it must outlast any delivery (see docs/notifications-and-webhooks.md).
  NOTIFY_LEASE_MS: Joi.number()
    .integer()
    .min(Joi.ref('NOTIFY_SEND_TIMEOUT_MS', { adjust: (timeout: number) => timeout * 3 }))
    .default(300_000)
    .messages({ 'number.min': 'NOTIFY_LEASE_MS must be at least 3 times NOTIFY_SEND_TIMEOUT_MS' }),
  // The link of a lead alert, e.g. https://portal.example.com/leads/{leadId}; unset: no link.
  LEAD_ALERT_URL: Joi.string()
    .max(2000)
    .custom((value: string, helpers) => (isLeadUrlTemplate(value) ? value : helpers.error('any.invalid')))
    .messages({
      'any.invalid': '{{#label}} must be an http(s) URL, with {leadId} where the lead id goes',
    }),
  // Reminders and won jobs' review requests are looked for this often, on every instance.
  AUTOMATION_INTERVAL_MS: Joi.number().integer().min(100).max(3_600_000).default(60_000),
  WEBHOOK_ALLOW_INSECURE: Joi.string().valid('true', 'false').default('false'),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Joi.string().valid('true', 'false').default('false'),
  WEBHOOK_WORKER_ENABLED: Joi.string().valid('true', 'false').default('true'),
  WEBHOOK_POLL_INTERVAL_MS: Joi.number().integer().min(10).max(600_000).default(1000),
  WEBHOOK_CONCURRENCY: Joi.number().integer().min(1).max(500).default(20),
  WEBHOOK_ENDPOINT_CONCURRENCY: Joi.number().integer().min(1).max(100).default(4),
  WEBHOOK_TIMEOUT_MS: Joi.number().integer().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: Joi.number().integer().min(1).max(50).default(12),
  WEBHOOK_BACKOFF_BASE_MS: Joi.number().integer().min(1).default(30_000),
  WEBHOOK_BACKOFF_MAX_MS: Joi.number().integer().min(Joi.ref('WEBHOOK_BACKOFF_BASE_MS')).default(86_400_000),
  WEBHOOK_DISABLE_AFTER_FAILURES: Joi.number().integer().min(1).max(100_000).default(100),
  // A claimed delivery is retried after the lease; it must outlast any attempt.
  WEBHOOK_LEASE_MS: Joi.number()
    .integer()
    .min(Joi.ref('WEBHOOK_TIMEOUT_MS', { adjust: (timeout: number) => timeout * 3 }))
    .default(60_000)
    .messages({ 'number.min': 'WEBHOOK_LEASE_MS must be at least 3 times WEBHOOK_TIMEOUT_MS' }),
})
  // The three SMS provider settings come together or not at all; so do the two S3 keys.
  .and('SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM')
  .with('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY')
  .with('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID')
  .messages({
    'object.and': 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together',
    'object.with': 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  })
  // The environment holds much else (PATH, HOME...); report every bad value at once.
  .unknown(true)
  .prefs({ abortEarly: false });
