import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import { readEnvironment } from './env.validation';

/**
 * The key that encrypts secrets kept in the database (webhook signing secrets), AES-256-GCM. Outside
 * production, unset: generated once into DATA_DIR/secrets-key. `previousKey` only decrypts: what it
 * encrypted is re-encrypted under `key` (at start and by the `reencrypt-secrets` command), see
 * docs/security.md.
 */
export const secretsConfig = registerAs('secrets', () => {
  const env = readEnvironment();
  return {
    key: env.SECRETS_KEY ?? dataDirSecret('secrets-key', () => randomBytes(32).toString('base64')),
    previousKey: env.SECRETS_KEY_PREVIOUS ?? null,
  };
});

export type SecretsConfig = ConfigType<typeof secretsConfig>;
