import Joi from 'joi';
import { SettingsGroup, httpUrl, integer, oneOf, optional, withDefault } from './setting';

/** The placeholder LEAD_ALERT_URL may hold. */
export const LEAD_ID_PLACEHOLDER = '{leadId}';

/** Whether the setting is an http(s) URL once its placeholder is filled in. */
function isLeadUrlTemplate(value: string): boolean {
  try {
    const { protocol } = new URL(value.replaceAll(LEAD_ID_PLACEHOLDER, '1'));
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const leadSettings = {
  title: 'Leads, documents and automation',
  settings: {
    LEAD_EXPIRY_HOURS: withDefault(Joi.number().positive(), 72, 'a lead still `NONE` after this becomes `EXPIRED`'),
    LEAD_STATUS_REMINDER_DAYS: withDefault(
      Joi.number().positive(),
      7,
      'age after which a non-final post-lead status requires action again',
    ),
    DOCUMENTS_TIME_ZONE: withDefault(
      Joi.string()
        .custom((value: string, helpers) => (isTimeZone(value) ? value : helpers.error('any.invalid')))
        .messages({ 'any.invalid': '{{#label}} must be an IANA time zone such as America/Toronto' }),
      'America/Toronto',
      'IANA zone whose calendar day decides whether a required document has expired',
    ),
    AUTOMATION_INTERVAL_MS: integer(
      100,
      3_600_000,
      60_000,
      "how often each instance looks for due reminders, won jobs' review requests and lead re-alerts",
    ),
    LEAD_ALERT_URL: optional(
      Joi.string()
        .max(2000)
        .custom((value: string, helpers) => (isLeadUrlTemplate(value) ? value : helpers.error('any.invalid')))
        .messages({ 'any.invalid': '{{#label}} must be an http(s) URL, with {leadId} where the lead id goes' }),
      'link a lead alert carries, `{leadId}` replaced (e.g. `https://portal.example.com/leads/{leadId}`); http(s), checked at start; unset: no link',
    ),
  },
} satisfies SettingsGroup;

export const imageSettings = {
  title: 'Images',
  settings: {
    IMAGE_STORAGE: oneOf(
      ['postgres', 's3', 'local'],
      'postgres',
      'where image files live: `postgres` (table `image_files`, shared by every instance), `s3` (an S3-compatible bucket, shared by every instance) or `local` (`UPLOAD_DIR`, one instance only); see [Image storage](modules/images.md#image-storage)',
    ),
    S3_BUCKET: optional(
      Joi.string()
        .pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
        .when('IMAGE_STORAGE', {
          is: 's3',
          then: Joi.required().messages({ 'any.required': 'S3_BUCKET is required when IMAGE_STORAGE=s3' }),
        })
        .messages({ 'string.pattern.base': 'S3_BUCKET must be an S3 bucket name (3-63 of a-z, 0-9, . and -)' }),
      'the bucket, when `IMAGE_STORAGE=s3` (required then)',
    ),
    S3_ENDPOINT: optional(httpUrl(), 'http(s) url of an S3-compatible server (MinIO, Ceph, R2…); unset = AWS S3'),
    S3_REGION: withDefault(
      Joi.string().pattern(/^[a-z0-9-]{1,50}$/),
      'us-east-1',
      "the bucket's region (S3-compatible servers mostly accept any)",
    ),
    S3_ACCESS_KEY_ID: optional(
      Joi.string().max(256),
      "with `S3_SECRET_ACCESS_KEY`, both or neither; unset = the AWS SDK's default chain (`AWS_*` variables, shared config files, instance/task role)",
    ),
    S3_SECRET_ACCESS_KEY: optional(Joi.string().max(256), 'the secret of `S3_ACCESS_KEY_ID`'),
    S3_FORCE_PATH_STYLE: withDefault(
      Joi.boolean(),
      false,
      '`true`: `{endpoint}/{bucket}/{key}` urls instead of `{bucket}.{endpoint}`, as most self-hosted servers need',
    ),
    UPLOAD_DIR: optional(
      Joi.string(),
      'image files when `IMAGE_STORAGE=local`, and where `move-local-images` reads them',
      '`$DATA_DIR/uploads`',
    ),
  },
} satisfies SettingsGroup;
