import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';

/** A key of SECRETS_KEY's form: 32 random bytes in base64 (`openssl rand -base64 32`). */
export const SECRETS_KEY_FORM = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The key that encrypts secrets kept in the database (webhook signing secrets), AES-256-GCM; values
 * are validated in env.validation.ts. Outside production, unset: generated once into
 * DATA_DIR/secrets-key. `previousKey` only decrypts: what it encrypted is re-encrypted under `key`
 * (at start and by the `reencrypt-secrets` command), see docs/security.md.
 */
export const secretsConfig = registerAs('secrets', () => ({
  key: process.env.SECRETS_KEY ?? dataDirSecret('secrets-key', () => randomBytes(32).toString('base64')),
  previousKey: process.env.SECRETS_KEY_PREVIOUS ?? null,
}));

export type SecretsConfig = ConfigType<typeof secretsConfig>;
