import { createHmac } from 'node:crypto';
import { newWebhookSecret, signatureHeader } from './webhook-signature';

describe('signatureHeader', () => {
  it("signs as the Standard Webhooks specification's example", () => {
    const header = signatureHeader(
      ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(header).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('gives one signature per secret, each an HMAC-SHA256 keyed with the decoded secret', () => {
    const secrets = [newWebhookSecret(), newWebhookSecret()];
    const hmac = (secret: string) =>
      createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update('evt_1.1700000000.{}')
        .digest('base64');
    expect(signatureHeader(secrets, 'evt_1', 1700000000, '{}')).toBe(secrets.map((s) => `v1,${hmac(s)}`).join(' '));
  });
});
