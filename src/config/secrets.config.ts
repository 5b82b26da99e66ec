import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import Joi from 'joi';
import { SettingsGroup, optional, readSettings, requiredInProduction } from './settings/setting';

/** A key of SECRETS_KEY's form: 32 random bytes in base64 (`openssl rand -base64 32`). */
export const SECRETS_KEY_FORM = /^[A-Za-z0-9+/]{43}=$/;
const SECRETS_KEY_MESSAGE = '{{#label}} must be 32 random bytes in base64 (openssl rand -base64 32)';

export const secretsSettings = {
  title: 'Secrets at rest',
  settings: {
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
  },
} satisfies SettingsGroup;

/**
 * The key that encrypts secrets kept in the database (webhook signing secrets), AES-256-GCM. Outside
 * production, unset: generated once into DATA_DIR/secrets-key. `previousKey` only decrypts: what it
 * encrypted is re-encrypted under `key` (at start and by the `reencrypt-secrets` command), see
 * docs/security.md.
 */
export const secretsConfig = registerAs('secrets', () => {
  const env = readSettings(secretsSettings);
  return {
    key: env.SECRETS_KEY ?? dataDirSecret('secrets-key', () => randomBytes(32).toString('base64')),
    previousKey: env.SECRETS_KEY_PREVIOUS ?? null,
  };
});

export type SecretsConfig = ConfigType<typeof secretsConfig>;
