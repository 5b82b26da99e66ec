import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import { readEnvironment } from './env.validation';

/** Customer data rights and retention (docs/contract.md#data-rights); retention in days, 0 = keep. */
export const privacyConfig = registerAs('privacy', () => {
  const env = readEnvironment();
  return {
    /** The key of the suppression list's hashes: its own secret, never the JWT one. */
    suppressionKey:
      env.SUPPRESSION_KEY ?? dataDirSecret('suppression-key', () => randomBytes(48).toString('base64url')),
    messageBodiesDays: env.RETENTION_MESSAGE_BODIES_DAYS,
    webhookDeliveriesDays: env.RETENTION_WEBHOOK_DELIVERIES_DAYS,
    closedLeadsDays: env.RETENTION_CLOSED_LEADS_DAYS,
    processesDays: env.RETENTION_PROCESSES_DAYS,
    referralInvitesDays: env.RETENTION_REFERRAL_INVITES_DAYS,
    auditLogDays: env.AUDIT_LOG_RETENTION_DAYS,
  };
});

export type PrivacyConfig = ConfigType<typeof privacyConfig>;
