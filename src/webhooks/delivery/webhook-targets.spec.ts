import type { LookupAddress } from 'node:dns';
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
    'https://[::127.0.0.1]/x',
    'https://[::7f00:1]/x',
    'https://[::a9fe:a9fe]/x',
    'https://[::a00:1]/x',
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
    // The addresses are not named: the answer would map a private network's DNS for any client.
    expect((outcome as Error).message).toBe('localhost does not resolve to a public address.');
  });

  describe('with a resolver answering public and private addresses together', () => {
    const PUBLIC = { address: '93.184.215.14', family: 4 };
    const PRIVATE = { address: '10.0.0.5', family: 4 };
    /** The resolver's answer for every name, in this order (no query leaves the machine). */
    const resolving = (addresses: LookupAddress[]) => {
      strict.resolveAll = (_hostname, callback) => callback(null, addresses);
    };
    afterEach(() => {
      strict.resolveAll = new WebhookTargets(config({})).resolveAll;
    });

    it.each([
      ['public first', [PUBLIC, PRIVATE]],
      ['private first', [PRIVATE, PUBLIC]],
    ])('refuses the name at registration and at connection, %s', async (_order, addresses) => {
      resolving(addresses);
      await expect(strict.check('https://mixed.example/hook')).rejects.toThrow(
        'mixed.example does not resolve to a public address.',
      );
      const outcome = await new Promise<unknown>((resolve) =>
        strict.lookup('mixed.example', {}, (error, address) => resolve(error ?? address)),
      );
      expect(outcome).toBeInstanceOf(ForbiddenTarget);
    });

    it('admits a name whose every address is public', async () => {
      resolving([PUBLIC, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]);
      await expect(strict.check('https://public.example/hook')).resolves.toBe('https://public.example/hook');
    });
  });

  it.each([
    ['https:93.184.215.14/hook', 'https://93.184.215.14/hook'],
    ['HTTPS://Example.COM', 'https://example.com/'],
    ['https://example.com:443/a/../b?q=1', 'https://example.com/b?q=1'],
    ['https://example.com:80/x', 'https://example.com:80/x'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
  ])('normalises %s to %s (WHATWG)', (typed, stored) => expect(strict.parse(typed).href).toBe(stored));

  it('answers the normalised url at registration: the form stored', async () => {
    await expect(strict.check('HTTPS:93.184.215.14:443/hook')).resolves.toBe('https://93.184.215.14/hook');
  });

  it.each([
    'https://93.184.215.14\n/x',
    'https://93.184.215.14/x\ny',
    'https://93.184.215.14/\tx',
    'https://93.184.215.14/x\u0000',
  ])('refuses control characters in %j', (url) => expect(() => strict.parse(url)).toThrow(/control characters/));

  it.each([0, 1, 22, 25, 1023])('refuses port %i (below 1024, not 80 or 443)', (port) =>
    expect(() => strict.parse(`https://93.184.215.14:${port}/x`)).toThrow(`url port ${port} is not allowed`),
  );

  it.each([80, 443, 1024, 6379, 8443])('admits port %i', (port) =>
    expect(strict.parse(`https://93.184.215.14:${port}/x`).hostname).toBe('93.184.215.14'),
  );

  it('refuses a url longer than the column once normalised', () =>
    expect(() => strict.parse(`https://93.184.215.14/${'a b'.repeat(700)}`)).toThrow(/at most 2048 characters/));

  it('admits private targets when WEBHOOK_ALLOW_PRIVATE_TARGETS is on', async () => {
    const open = new WebhookTargets(config({ allowPrivateTargets: true }));
    expect(open.parse('http://127.0.0.1:8080/x').host).toBe('127.0.0.1:8080');
    await expect(open.check('http://localhost:8080/x')).resolves.toBe('http://localhost:8080/x');
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
      for (const url of [
        `http://127.0.0.1:${port}/x`,
        `http://[::ffff:7f00:1]:${port}/x`,
        `http://[::7f00:1]:${port}/x`,
        `http://[::127.0.0.1]:${port}/x`,
      ]) {
        const attempt = await sender.post({ url, headers: {}, body: '{}' });
        expect(attempt).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/not a public/) });
      }
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
