import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooksConfig, type WebhooksConfig } from '../../config/webhooks.config';
import { ForbiddenTarget, WebhookTargets } from './webhook-targets';
import { WebhookSender } from './webhook.sender';

const config = (overrides: Partial<WebhooksConfig>): WebhooksConfig => ({
  ...webhooksConfig(),
  allowInsecure: true,
  allowPrivateTargets: false,
  ...overrides,
});

describe('WebhookTargets (the SSRF rule)', () => {
  const strict = new WebhookTargets(config({ allowInsecure: false }));

  it.each([
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::]/x',
    'https://0.0.0.0/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00::1]/x',
    'https://224.0.0.1/x',
    'https://192.168.1.10/x',
    'https://localhost/x',
    'https://intranet/x',
  ])('refuses %s as written', (url) => {
    expect(() => strict.parse(url)).toThrow(ForbiddenTarget);
  });

  it('refuses http, credentials and what is not a URL', () => {
    expect(() => strict.parse('http://example.com/x')).toThrow(/must use https/);
    expect(() => strict.parse('https://user:pw@example.com/x')).toThrow(/credentials/);
    expect(() => strict.parse('example.com/x')).toThrow(/absolute URL/);
  });

  it('refuses a name that resolves to a forbidden address, when it is resolved for a connection', async () => {
    // The lookup judges the addresses, not the name (a public-looking name may point at 127.0.0.1).
    const outcome = await new Promise<unknown>((resolve) =>
      strict.lookup('localhost', {}, (error, address) => resolve(error ?? address)),
    );
    expect(outcome).toBeInstanceOf(ForbiddenTarget);
    expect((outcome as Error).message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), not a public address\.$/);
  });

  it('admits private targets when WEBHOOK_ALLOW_PRIVATE_TARGETS is on', async () => {
    const open = new WebhookTargets(config({ allowPrivateTargets: true }));
    expect(open.parse('http://127.0.0.1:8080/x').host).toBe('127.0.0.1:8080');
    await expect(open.check('http://localhost:8080/x')).resolves.toBeUndefined();
  });
});

describe('WebhookSender', () => {
  it('never connects to a forbidden address, whatever was accepted at registration', async () => {
    let requests = 0;
    const receiver = createServer((_req, res) => {
      requests++;
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const settings = config({});
      const sender = new WebhookSender(settings, new WebhookTargets(settings));
      for (const url of [`http://127.0.0.1:${port}/x`, `http://[::ffff:7f00:1]:${port}/x`]) {
        const attempt = await sender.post({ url, headers: {}, body: '{}' });
        expect(attempt).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/not a public/) });
      }
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
