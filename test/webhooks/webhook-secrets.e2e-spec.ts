import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { SecretCipher } from '../../src/common/crypto/secret-cipher';
import { secretsConfig, type SecretsConfig } from '../../src/config/secrets.config';
import { newWebhookSecret } from '../../src/webhooks/delivery/webhook-signature';
import { WebhookSecrets } from '../../src/webhooks/webhook-secrets';
import { TestApp, createTestApp, withConfig } from '../support/test-app';
import { OwnDatabaseApp } from '../support/own-database-app';
import { VENDOR_API as V } from '../support/api-paths';
import { verified } from '../support/webhook-receiver';

jest.setTimeout(60_000);

let bed: OwnDatabaseApp;
beforeAll(async () => {
  bed = await OwnDatabaseApp.start('webhook_secrets');
});
afterAll(() => bed?.close());

/** Every secret column of every endpoint, as stored. */
const storedSecrets = async (): Promise<string[]> => {
  const rows: { secret: string; previous_secret: string | null }[] = await bed.t.dataSource.query(
    `SELECT secret, previous_secret FROM webhook_endpoints`,
  );
  return rows.flatMap((row) => (row.previous_secret === null ? [row.secret] : [row.secret, row.previous_secret]));
};

/** Sends a ping to the endpoint and answers the request the receiver got. */
async function ping(auth: Record<string, string>, id: number, path: string, count: number) {
  await request(bed.t.http).post(`${V}/webhook-endpoints/${id}/test`).set(auth).expect(202);
  return (await bed.receivedAt(path, count))[count - 1];
}

describe('Webhook signing secrets at rest (e2e)', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('keeps every secret sealed with SECRETS_KEY: none in the clear in the database, deliveries verify', async () => {
    const vendor = await bed.vendor();
    const endpoint = await bed.register(V, vendor.auth, '/sealed');
    const rotated = await request(bed.t.http)
      .post(`${V}/webhook-endpoints/${endpoint.id}/rotate-secret`)
      .set(vendor.auth)
      .expect(200);
    const secret = rotated.body.data.secret as string;

    const stored = await storedSecrets();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const value of stored) {
      expect(value).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+$/);
      for (const clear of [endpoint.secret, secret]) expect(value).not.toContain(clear.slice('whsec_'.length));
    }
    const delivered = await ping(vendor.auth, endpoint.id, '/sealed', 1);
    expect(verified(secret, delivered)).toMatchObject({ type: 'ping' });
    expect(verified(endpoint.secret, delivered)).toMatchObject({ type: 'ping' });
  });

  it('seals the plaintext secrets of before at start, and again under a new key after a rotation', async () => {
    const vendor = await bed.vendor();
    const { id } = await bed.register(V, vendor.auth, '/legacy');
    // As the rows were before encryption at rest: the secret in the clear.
    const legacy = newWebhookSecret();
    await bed.t.dataSource.query(`UPDATE webhook_endpoints SET secret = $1 WHERE id = $2`, [legacy, id]);
    // Read as it is until sealed: deliveries go on.
    expect(verified(legacy, await ping(vendor.auth, id, '/legacy', 1))).toMatchObject({ type: 'ping' });

    // A server starting seals it. (Apps close at the end: the transaction host is shared by the last one started.)
    const restarted = await createTestApp();
    apps.push(restarted);
    expect(
      (await storedSecrets()).filter((value) => value.includes(legacy.slice(6)) || value.startsWith('whsec_')),
    ).toEqual([]);
    expect(verified(legacy, await ping(vendor.auth, id, '/legacy', 2))).toMatchObject({ type: 'ping' });

    // Key rotation: SECRETS_KEY new, the old one as SECRETS_KEY_PREVIOUS; a start seals everything under the new key.
    const current = bed.t.app.get<SecretsConfig>(secretsConfig.KEY).key;
    const rotated = await createTestApp({
      config: [withConfig(secretsConfig, { key: randomBytes(32).toString('base64'), previousKey: current })],
    });
    apps.push(rotated);
    const newPrefix = rotated.app.get(SecretCipher).currentPrefix;
    expect(newPrefix).not.toBe(bed.t.app.get(SecretCipher).currentPrefix);
    const stored = await storedSecrets();
    expect(stored.every((value) => value.startsWith(newPrefix))).toBe(true);
    expect(await rotated.app.get(WebhookSecrets).resealAll()).toEqual({ sealed: 0, unreadable: 0 });
    // Without the new key none opens any more: every one was sealed again.
    const [{ endpoints }] = await bed.t.dataSource.query<{ endpoints: number }[]>(
      'SELECT count(*)::int AS endpoints FROM webhook_endpoints',
    );
    expect(await bed.t.app.get(WebhookSecrets).resealAll()).toEqual({ sealed: 0, unreadable: endpoints });
  });
});
