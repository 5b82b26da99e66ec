import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import Joi from 'joi';
import { SettingsGroup, optional, readSettings, requiredInProduction, retentionDays } from './settings/setting';

export const privacySettings = {
  title: 'Customer data and retention',
  settings: {
    SUPPRESSION_KEY: optional(
      requiredInProduction(Joi.string().min(32)),
      'HMAC key (≥ 32 chars) of the erased contacts kept in the suppression list; outside production generated once into `DATA_DIR/suppression-key`. Changing it forgets every suppression',
      'generated',
    ),
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

/** Customer data rights and retention (docs/contract.md#data-rights). */
export const privacyConfig = registerAs('privacy', () => {
  const env = readSettings(privacySettings);
  return {
    /** The key of the suppression list's hashes: its own secret, never the JWT one. */
    suppressionKey:
      env.SUPPRESSION_KEY ?? dataDirSecret('suppression-key', () => randomBytes(48).toString('base64url')),
    /** Every retention setting's window in days (0 = keep), by name, in the order the pass applies them. */
    retentionDays: new Map(
      Object.keys(privacySettings.settings)
        .filter((name) => name.includes('RETENTION'))
        .map((name) => [name, env[name as keyof typeof env] as number]),
    ),
  };
});

export type PrivacyConfig = ConfigType<typeof privacyConfig>;
