import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import { readEnvironment } from './env.validation';
import { retentionSettings } from './settings/keys.settings';

/** Customer data rights and retention (docs/contract.md#data-rights). */
export const privacyConfig = registerAs('privacy', () => {
  const env = readEnvironment();
  return {
    /** The key of the suppression list's hashes: its own secret, never the JWT one. */
    suppressionKey:
      env.SUPPRESSION_KEY ?? dataDirSecret('suppression-key', () => randomBytes(48).toString('base64url')),
    /** Every retention setting's window in days (0 = keep), by name, in the order the pass applies them. */
    retentionDays: new Map(
      Object.keys(retentionSettings.settings).map((name) => [name, env[name as keyof typeof env] as number]),
    ),
  };
});

export type PrivacyConfig = ConfigType<typeof privacyConfig>;
