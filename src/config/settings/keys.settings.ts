import Joi from 'joi';
import { SettingsGroup, optional, requiredInProduction, retentionDays } from './setting';

/** A key of SECRETS_KEY's form: 32 random bytes in base64 (`openssl rand -base64 32`). */
export const SECRETS_KEY_FORM = /^[A-Za-z0-9+/]{43}=$/;
const SECRETS_KEY_MESSAGE = '{{#label}} must be 32 random bytes in base64 (openssl rand -base64 32)';

export const keySettings = {
  title: 'Keys',
  settings: {
    JWT_SECRET: optional(
      requiredInProduction(Joi.string().min(32)),
      'HS256 secret of every token (≥ 32 chars); outside production generated once into `DATA_DIR/jwt-secret` ([what each key guards](#keys-what-each-one-guards))',
      'generated',
    ),
    SECRETS_KEY: optional(
      requiredInProduction(
        Joi.string().pattern(SECRETS_KEY_FORM).messages({ 'string.pattern.base': SECRETS_KEY_MESSAGE }),
      ),
      'AES-256-GCM key (32 bytes in base64, `openssl rand -base64 32`) sealing webhook signing secrets in the database; outside production generated once into `DATA_DIR/secrets-key` ([rotation](security.md#secrets-at-rest))',
      'generated',
    ),
    SECRETS_KEY_PREVIOUS: optional(
      Joi.string().pattern(SECRETS_KEY_FORM).invalid(Joi.ref('SECRETS_KEY')).messages({
        'string.pattern.base': SECRETS_KEY_MESSAGE,
        'any.invalid': 'SECRETS_KEY_PREVIOUS must differ from SECRETS_KEY',
      }),
      'the key before a rotation: only opens what it sealed, which the server seals again under `SECRETS_KEY`',
    ),
    SUPPRESSION_KEY: optional(
      requiredInProduction(Joi.string().min(32)),
      'HMAC key (≥ 32 chars) of the erased contacts kept in the suppression list; outside production generated once into `DATA_DIR/suppression-key`. Changing it forgets every suppression',
      'generated',
    ),
  },
} satisfies SettingsGroup;

export const retentionSettings = {
  title: 'Retention',
  settings: {
    RETENTION_MESSAGE_BODIES_DAYS: retentionDays(
      180,
      'days after which the bodies of sent or failed messages, of texts received (with their senders) and of the messages of lead conversations are blanked by the [retention pass](#customer-data-and-retention)',
    ),
    RETENTION_WEBHOOK_DELIVERIES_DAYS: retentionDays(30, 'days after which finished webhook deliveries are deleted'),
    RETENTION_CLOSED_LEADS_DAYS: retentionDays(
      0,
      'days after which the contact details of leads declined, expired or in a final status are erased',
    ),
    RETENTION_PROCESSES_DAYS: retentionDays(
      1095,
      "days after a feedback or review process's last activity (its start, end, opt-out or the customer's last answer or click) after which the customer's name, contacts, comments and private feedback in it and in its requests, referrals and messages are erased; its counts and KPIs stay",
    ),
    RETENTION_REFERRAL_INVITES_DAYS: retentionDays(
      90,
      "days after which an invitation a referred friend never answered loses the friend's name and contact (its link answers 410)",
    ),
    RETENTION_CONSENT_DAYS: retentionDays(
      1095,
      'days after a consent basis ended (its term, or a withdrawal) after which its ledger line is deleted (the limitation period); withdrawals are kept, as the suppression list',
    ),
    AUDIT_LOG_RETENTION_DAYS: retentionDays(730, 'days after which audit log entries are deleted'),
  },
} satisfies SettingsGroup;
