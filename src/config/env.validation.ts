import Joi from 'joi';

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
export const envValidationSchema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  PORT: Joi.number().port().default(3000),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  DATA_DIR: Joi.string().default('./.data'),
  PUBLIC_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .optional(),
  UPLOAD_DIR: Joi.string().optional(),
  // Unset: an embedded PostgreSQL is started with its data under DATA_DIR.
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .optional(),
  EMBEDDED_POSTGRES_PORT: Joi.number().port().default(54329),
  DATABASE_POOL_MAX: Joi.number().integer().min(2).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: Joi.number().integer().min(100).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(100).default(15000),
  JWT_SECRET: Joi.string()
    .min(32)
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'JWT_SECRET is required when NODE_ENV=production' }),
    }),
  LEAD_EXPIRY_HOURS: Joi.number().positive().default(72),
  LEAD_STATUS_REMINDER_DAYS: Joi.number().positive().default(7),
  DOCUMENTS_TIME_ZONE: ianaTimeZone.default('America/Toronto'),
})
  // The environment holds much else (PATH, HOME...); report every bad value at once.
  .unknown(true)
  .prefs({ abortEarly: false });
