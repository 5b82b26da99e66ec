import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';

/** Days, 0 = keep, from a validated setting (env.validation.ts holds the same defaults). */
const days = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

/** Customer data rights and retention (docs/contract.md#data-rights). */
export const privacyConfig = registerAs('privacy', () => ({
  /** The key of the suppression list's hashes: its own secret, never the JWT one. */
  suppressionKey:
    process.env.SUPPRESSION_KEY ?? dataDirSecret('suppression-key', () => randomBytes(48).toString('base64url')),
  messageBodiesDays: days('RETENTION_MESSAGE_BODIES_DAYS', 180),
  webhookDeliveriesDays: days('RETENTION_WEBHOOK_DELIVERIES_DAYS', 30),
  closedLeadsDays: days('RETENTION_CLOSED_LEADS_DAYS', 0),
  auditLogDays: days('AUDIT_LOG_RETENTION_DAYS', 730),
}));

export type PrivacyConfig = ConfigType<typeof privacyConfig>;
