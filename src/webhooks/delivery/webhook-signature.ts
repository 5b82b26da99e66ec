import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret as Standard Webhooks writes it: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The `webhook-signature` header: one `v1,<signature>` per secret, space-separated (a rotated
 * endpoint's old and new secrets), each signed by the Standard Webhooks reference library.
 */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  const timestamp = new Date(timestampSeconds * 1000);
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}
