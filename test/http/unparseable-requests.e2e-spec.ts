import { AddressInfo, createConnection } from 'node:net';
import { API_SECURITY_HEADERS } from '../../src/common/http/security-headers';
import { TestApp, createTestApp } from '../support/test-app';

describe('Requests Node itself cannot parse (e2e)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const send = (raw: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.end(raw));
      let reply = '';
      socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
      socket.on('end', () => resolve(reply));
      socket.on('error', reject);
    });

  it('answers a malformed request line with a 400 envelope', async () => {
    const reply = await send('GARBAGE / HTTP/9.9\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(
      '{"success":false,"error":"The request is not valid HTTP."}',
    );
  });

  it('answers oversized headers with a 431 envelope', async () => {
    const reply = await send(`GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toMatch(/application\/json/);
    expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(
      '{"success":false,"error":"The request headers are too large."}',
    );
  });

  it('sends the API’s security headers with what Node answers by itself (400, 431)', async () => {
    const replies = [
      await send('GARBAGE / HTTP/9.9\r\n\r\n'),
      await send(`GET /rest-api-v1/leads HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    ];
    for (const reply of replies) {
      const head = reply.slice(0, reply.indexOf('\r\n\r\n')).split('\r\n');
      const sent = Object.fromEntries(
        Object.keys(API_SECURITY_HEADERS).map((name) => [
          name,
          head.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.slice(name.length + 2),
        ]),
      );
      expect({ status: head[0], sent }).toEqual({ status: head[0], sent: API_SECURITY_HEADERS });
    }
  });

  it('sends the API’s security headers on an API path spelled with dot segments or repeated slashes', async () => {
    for (const path of [
      '/./rest-api-v1/leads',
      '//rest-api-v1/leads',
      '/x/../rest-manager-api-v1/vendors',
      '/%2E/rest-api-v1/leads',
    ]) {
      const reply = await send(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const head = reply.slice(0, reply.indexOf('\r\n\r\n')).toLowerCase();
      const missing = Object.entries(API_SECURITY_HEADERS).filter(
        ([name, value]) => !head.includes(`\r\n${name.toLowerCase()}: ${value.toLowerCase()}\r\n`),
      );
      expect({ path, missing }).toEqual({ path, missing: [] });
    }
  });
});
