import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretsConfig, secretsConfig } from '../../config/secrets.config';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a stored value could not be opened (no key of this service sealed it, or it was altered). */
export class UnreadableSecret extends Error {}

interface Key {
  id: string;
  bytes: Buffer;
}

/** A key and its id: the first 8 hex digits of its SHA-256, which names the key in what it sealed, not the key. */
function keyOf(base64: string, name: string): Key {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes in base64 (openssl rand -base64 32).`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/**
 * Secrets kept in the database, encrypted with AES-256-GCM (Node's crypto) under SECRETS_KEY, as
 * `v1.<key id>.<base64url of iv, ciphertext and tag>`. The key id says which key sealed a value, so
 * values of SECRETS_KEY_PREVIOUS are opened too and can be found and sealed again under the current
 * key. `purpose` is authenticated with each value (GCM's additional data): a value sealed for one use
 * does not open as another.
 */
@Injectable()
export class SecretCipher {
  private readonly current: Key;
  private readonly keys: Map<string, Key>;

  constructor(@Inject(secretsConfig.KEY) config: SecretsConfig) {
    this.current = keyOf(config.key, 'SECRETS_KEY');
    const previous = config.previousKey ? keyOf(config.previousKey, 'SECRETS_KEY_PREVIOUS') : null;
    this.keys = new Map([this.current, ...(previous ? [previous] : [])].map((key) => [key.id, key]));
  }

  /** What every value sealed under the current key starts with. */
  get currentPrefix(): string {
    return `${VERSION}.${this.current.id}.`;
  }

  seal(plaintext: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.current.bytes, iv).setAAD(Buffer.from(purpose));
    const sealed = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${this.currentPrefix}${sealed.toString('base64url')}`;
  }

  /** The plaintext; throws UnreadableSecret when no key here sealed it, or it was altered. */
  open(stored: string, purpose: string): string {
    const [version, keyId, data, ...rest] = stored.split('.');
    const key = this.keys.get(keyId);
    if (version !== VERSION || !key || data === undefined || rest.length) {
      throw new UnreadableSecret('The value was not sealed by SECRETS_KEY or SECRETS_KEY_PREVIOUS.');
    }
    const sealed = Buffer.from(data, 'base64url');
    try {
      const decipher = createDecipheriv(ALGORITHM, key.bytes, sealed.subarray(0, IV_BYTES)).setAAD(
        Buffer.from(purpose),
      );
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnreadableSecret('The value does not open with its key: it was altered.');
    }
  }
}
