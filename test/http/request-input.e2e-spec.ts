import { AddressInfo, createConnection } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { MAX_INPUT_DEPTH } from '../../src/common/validation/input-scan';
import { expectError } from '../support/envelope-assertions';
import { createVendor, createFeedbackRequest } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { rawRequest } from '../support/raw-http';
import { MANAGER_API } from '../support/api-paths';

const VENDORS = `${MANAGER_API}/vendors`;

/** A JSON value nested `levels` arrays deep around a string. */
const nested = (levels: number): string => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;

/** The reply, headers and body, to bytes written on a fresh connection (for what no client library sends). */
function sendRaw(port: number, raw: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(raw));
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => {
      const split = reply.indexOf('\r\n\r\n');
      resolve({ head: reply.slice(0, split), body: reply.slice(split + 4) });
    });
    socket.on('error', reject);
  });
}

describe('Request input: what reaches validation, and in what form (e2e)', () => {
  let t: ManagerTestApp;
  let port: number;
  let vendorId: number;

  beforeAll(async () => {
    t = await createManagerTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    vendorId = (await createVendor(t.app)).vendor.id;
  });
  afterAll(() => t.close());

  const patchVendor = (body: string, contentType = 'application/json') =>
    request(t.http).patch(`${VENDORS}/${vendorId}`).set(t.manager).set('Content-Type', contentType).send(body);

  describe('uploads', () => {
    it('stores an 8 MB image whose bytes hold NUL characters: files never go through the input scan', async () => {
      const side = 1700;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251; // every 251st byte is 0
      const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(8 * 1024 * 1024);
      expect(png.includes(0)).toBe(true);
      const res = await request(t.http)
        .post(`${VENDORS}/${vendorId}/gallery`)
        .set(t.manager)
        .attach('files[]', png, { filename: 'noise.png' });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual([expect.objectContaining({ width: 700, height: 700, contentType: 'image/png' })]);
    });
  });

  describe('nesting depth', () => {
    it.each([1_400, 40_000])('answers JSON nested %i levels deep with a 400 envelope, not a 500', async (levels) => {
      expectError(
        await patchVendor(`{"vendorName": ${nested(levels)}}`),
        400,
        new RegExp(`nested more than ${MAX_INPUT_DEPTH} levels deep`),
      );
    });

    it(`lets ${MAX_INPUT_DEPTH} levels through to validation and refuses one more`, async () => {
      // The body object is the first level.
      expectError(
        await patchVendor(`{"vendorName": ${nested(MAX_INPUT_DEPTH - 1)}}`),
        400,
        /vendorName must be a string/,
      );
      expectError(await patchVendor(`{"vendorName": ${nested(MAX_INPUT_DEPTH)}}`), 400, /nested more than/);
    });
  });

  describe('prototype keys', () => {
    it.each(['__proto__', 'constructor', 'prototype'])(
      'refuses a body key %s like any unknown property',
      async (key) => {
        const res = await patchVendor(`{"vendorName": "Renamed", "${key}": {"activated": false}}`);
        expectError(res, 400, new RegExp(`property ${key} should not exist`));
        expect(res.body.details).toEqual([{ field: key, message: `property ${key} should not exist` }]);
      },
    );

    it('refuses them nested in a body and in a query string', async () => {
      const res = await request(t.http)
        .put(`${VENDORS}/${vendorId}/review-settings`)
        .set(t.manager)
        .set('Content-Type', 'application/json')
        .send('{"reviewLocations": [{"__proto__": {"x": 1}}]}');
      expectError(res, 400, /property __proto__ should not exist/);
      expect(res.body.details).toEqual([
        { field: 'reviewLocations.0.__proto__', message: 'property __proto__ should not exist' },
      ]);
      expectError(
        await request(t.http).get(`${VENDORS}?__proto__=1`).set(t.manager),
        400,
        /property __proto__ should not exist/,
      );
    });
  });

  describe('strings', () => {
    it('refuses a lone UTF-16 surrogate with 400, and takes a proper pair', async () => {
      expectError(
        await patchVendor('{"vendorName": "Maple \\ud83d Co"}'),
        400,
        /vendorName must be valid Unicode text/,
      );
      const pair = await patchVendor('{"vendorName": "Maple \\ud83d\\ude00 Co"}');
      expect(pair.status).toBe(200);
      expect(pair.body.data.vendorName).toBe('Maple 😀 Co');
    });
  });

  describe('content types', () => {
    it('answers a JSON route given text, a form or no type with 415, naming the type it takes', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        expectError(await patchVendor('vendorName=Renamed', type), 415, /application\/json/);
      }
      const untyped = await rawRequest(`http://127.0.0.1:${port}`, {
        method: 'PATCH',
        path: `${VENDORS}/${vendorId}`,
        headers: { ...t.manager, 'Content-Length': '2' },
        body: '{}',
      });
      expect(untyped.status).toBe(415);
      expect(JSON.parse(untyped.text)).toEqual({ success: false, error: expect.stringMatching(/application\/json/) });
    });

    it('takes a bodiless POST whatever its type', async () => {
      const res = await request(t.http)
        .post(`${VENDORS}/${vendorId}/api-token`)
        .set(t.manager)
        .set('Content-Type', 'text/plain');
      expect(res.status).toBe(201);
    });

    it('answers JSON posted to a customer form with 415, as a page', async () => {
      const { vendor } = await createVendor(t.app, { features: ['enableStandaloneFeedbackBooster'] });
      const { link } = await createFeedbackRequest(t.app, vendor);
      const res = await request(t.http)
        .post(`${new URL(link).pathname}/feedback`)
        .set('Content-Type', 'application/json')
        .send('{"rating": 5}');
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // Mail clients' one-click unsubscribe (RFC 8058) may post either form type.
      const oneClick = await request(t.http)
        .post(`${new URL(link).pathname}/unsubscribe`)
        .field('List-Unsubscribe', 'One-Click');
      expect(oneClick.status).toBe(303);
    });

    it("answers a body that does not inflate, or a form with too many fields, in the service's own words", async () => {
      // supertest would serialise a Buffer as JSON, so the compressed bytes go out raw.
      const encoded = (encoding: string, body: Buffer | string) =>
        rawRequest(`http://127.0.0.1:${port}`, {
          method: 'PATCH',
          path: `${VENDORS}/${vendorId}`,
          headers: { ...t.manager, 'Content-Type': 'application/json', 'Content-Encoding': encoding },
          body,
        });
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const garbage = await encoded(encoding, `not ${encoding} at all`);
        expect({ encoding, status: garbage.status, type: garbage.headers['content-type'], text: garbage.text }).toEqual(
          {
            encoding,
            status: 400,
            type: 'application/json; charset=utf-8',
            text: JSON.stringify({
              success: false,
              error: 'The request body could not be decompressed: it does not match its Content-Encoding.',
            }),
          },
        );
      }
      expect((await encoded('gzip', gzipSync('{"vendorName": "Gzipped Co"}'))).status).toBe(200);
      expect((await encoded('br', brotliCompressSync('{"vendorName": "Brotli Co"}'))).status).toBe(200);
      const fields = Array.from({ length: 1_001 }, (_, i) => `f${i}=1`).join('&');
      expectError(
        await patchVendor(fields, 'application/x-www-form-urlencoded'),
        413,
        /^The form has too many fields\.$/,
      );
    });
  });

  describe('methods and the Host header', () => {
    it('answers a method a known path does not take with 405 and Allow', async () => {
      const trace = await rawRequest(`http://127.0.0.1:${port}`, { method: 'TRACE', path: '/health/live' });
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toBe('GET, HEAD');
      expect(JSON.parse(trace.text)).toEqual({
        success: false,
        error: 'The method TRACE is not allowed on this path.',
      });
      const del = await request(t.http).delete(VENDORS).set(t.manager);
      expectError(del, 405, /^The method DELETE is not allowed on this path\.$/);
      expect(del.headers.allow).toBe('GET, HEAD, POST');
      // Routes registered outside the controllers (the Swagger UI's) count as well.
      const docs = await rawRequest(`http://127.0.0.1:${port}`, { method: 'TRACE', path: '/docs-json' });
      expect([docs.status, docs.headers.allow]).toEqual([405, 'GET, HEAD']);
      expectError(await request(t.http).delete('/rest-manager-api-v1/nope').set(t.manager), 404, /not found/);
    });

    it('answers methods Node itself does not route (TRACK, CONNECT, unknown) with a 405 envelope', async () => {
      for (const raw of [
        'TRACK /health/live HTTP/1.1\r\nHost: x\r\n\r\n',
        'CONNECT /health/live HTTP/1.1\r\nHost: x\r\n\r\n',
        'BREW /health/live HTTP/1.1\r\nHost: x\r\n\r\n',
      ]) {
        const reply = await sendRaw(port, raw);
        const method = raw.split(' ')[0];
        expect(reply.head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
        expect(reply.head).toMatch(/\r\nAllow: GET, HEAD\r\n/);
        expect(JSON.parse(reply.body)).toEqual({
          success: false,
          error: `The method ${method} is not allowed on this path.`,
        });
      }
      const tunnel = await sendRaw(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
      expect(tunnel.head).toMatch(/^HTTP\/1\.1 405 /);
    });

    it('answers an HTTP/1.1 request without Host with a 400 envelope', async () => {
      const reply = await sendRaw(port, 'GET /health/live HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(reply.head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(reply.body)).toEqual({
        success: false,
        error: 'The request has no Host header, which HTTP/1.1 requires.',
      });
      const http10 = await sendRaw(port, 'GET /health/live HTTP/1.0\r\n\r\n');
      expect(http10.head).toMatch(/^HTTP\/1\.1 200 /);
    });
  });
});
