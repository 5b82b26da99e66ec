import { randomBytes } from 'node:crypto';
import { SecretCipher, UnreadableSecret } from './secret-cipher';

const newKey = (): string => randomBytes(32).toString('base64');
const cipherOf = (key: string, previousKey: string | null = null) => new SecretCipher({ key, previousKey });

describe('SecretCipher', () => {
  const key = newKey();
  const cipher = cipherOf(key);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  it('seals with AES-256-GCM under the key id: no trace of the plaintext, a new IV each time', () => {
    const sealed = cipher.seal(secret, 'webhook secret');
    expect(sealed.startsWith(cipher.currentPrefix)).toBe(true);
    expect(cipher.currentPrefix).toMatch(/^v1\.[0-9a-f]{8}\.$/);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(cipher.seal(secret, 'webhook secret')).not.toBe(sealed);
    expect(cipher.open(sealed, 'webhook secret')).toBe(secret);
  });

  it('refuses an altered value, another purpose, another key and what it did not seal', () => {
    const sealed = cipher.seal(secret, 'webhook secret');
    const data = Buffer.from(sealed.slice(cipher.currentPrefix.length), 'base64url');
    data[data.length - 20] ^= 1;
    expect(() => cipher.open(cipher.currentPrefix + data.toString('base64url'), 'webhook secret')).toThrow(
      UnreadableSecret,
    );
    expect(() => cipher.open(sealed, 'another purpose')).toThrow(UnreadableSecret);
    expect(() => cipherOf(newKey()).open(sealed, 'webhook secret')).toThrow(/not sealed by SECRETS_KEY/);
    for (const value of [secret, '', 'v1.', `${cipher.currentPrefix}AAAA`, `${sealed}.x`]) {
      expect(() => cipher.open(value, 'webhook secret')).toThrow(UnreadableSecret);
    }
  });

  it('opens what the previous key sealed, and seals under the new one only', () => {
    const sealedBefore = cipher.seal(secret, 'webhook secret');
    const rotated = cipherOf(newKey(), key);
    expect(rotated.open(sealedBefore, 'webhook secret')).toBe(secret);
    expect(sealedBefore.startsWith(rotated.currentPrefix)).toBe(false);
    expect(rotated.seal(secret, 'webhook secret').startsWith(rotated.currentPrefix)).toBe(true);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => cipherOf(randomBytes(16).toString('base64'))).toThrow(/SECRETS_KEY must be 32 bytes/);
  });
});
