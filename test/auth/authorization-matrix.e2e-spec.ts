import { JwtService } from '@nestjs/jwt';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { AuthService } from '../../src/auth/auth.service';
import { VendorsService } from '../../src/vendors/vendors.service';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { API_SECURITY_HEADERS } from '../../src/common/http/security-headers';
import { BuiltServer } from '../support/built-server';
import { createAdmin, createFeedbackRequest, createLead, createVendor } from '../support/factories';
import { Operation, fillPath, loadOperations } from '../support/openapi';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(120_000);

// Path ids in the matrix name nothing, so admitted requests change no other test's rows.
const NO_SUCH_ID = '2147483000';

/**
 * Routes that are meant to need no token (the SMS provider's webhook proves itself by its signature,
 * test/sms/). Anything else found public is a hole.
 */
const PUBLIC_ROUTES = [/^get \/health\/(live|ready)$/, /^get \/images\/\{key\}$/, /^post \/sms\/inbound$/];

interface Reply {
  status: number;
  body: { success?: unknown; error?: unknown; data?: unknown };
  headers: Headers;
}

/**
 * For every route of both APIs, read from the service's own OpenAPI document: no token, a garbage
 * token, a forged signature, a revoked token and the wrong token type are refused with the contract's
 * status, in the envelope, with no data.
 */
describe('Authorization matrix (e2e, built server)', () => {
  const server = new BuiltServer();
  let t: TestApp;
  let operations: Operation[];
  const tokens: Record<string, string> = {};
  /** Per vendor-API route family, the id of a resource that belongs to ANOTHER vendor. */
  const foreignIds: { prefix: string; id: () => number | string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await server.start();
    operations = (await loadOperations(server.url)).operations;

    const auth = t.app.get(AuthService);
    const admin = await createAdmin(t.app);
    tokens.manager = admin.token;
    const { vendor, token: firstVendorToken } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    tokens.revokedVendor = firstVendorToken;
    tokens.vendor = await t.app.get(VendorsService).issueToken(vendor.id, 'cli');
    tokens.revokedManager = admin.token;
    tokens.manager = await auth.issueManagerTokenByEmail(admin.manager.email);
    const { jti } = new JwtService().decode<{ jti: string }>(tokens.vendor);
    const other = await createVendor(t.app);
    const foreignLead = await createLead(t.app, other.vendor.id);
    foreignIds.push({ prefix: '/rest-api-v1/general-leads/{id}', id: () => foreignLead.id });
    foreignIds.push({ prefix: '/rest-api-v1/general-leads/{leadId}', id: () => foreignLead.id });
    // Subscribed to `ping` only, which no change records: nothing is ever sent to this (unreachable) address.
    const foreignEndpoint = await t.app
      .get(WebhookEndpointsService)
      .create(
        { type: 'vendor', id: other.vendor.id },
        { url: 'https://93.184.215.14/hook', events: ['ping'], description: null },
      );
    foreignIds.push({ prefix: '/rest-api-v1/webhook-endpoints/{id}', id: () => foreignEndpoint.endpoint.id });
    const foreignKey = await t.app
      .get(ApiKeysService)
      .create(
        { type: 'vendor', id: other.vendor.id },
        { name: 'CRM', scopes: ['*'], expiresAt: null, createdBy: 'cli' },
      );
    foreignIds.push({ prefix: '/rest-api-v1/api-keys/{keyId}', id: () => foreignKey.key.id });
    const foreignFeedback = await createFeedbackRequest(t.app, other.vendor);
    foreignIds.push({
      prefix: '/rest-api-v1/reputation-process/{processId}',
      id: () => foreignFeedback.request.processId,
    });

    tokens.forgedVendor = new JwtService({ secret: 'a-different-secret-a-different-secret-xx' }).sign(
      { typ: 'vendor' },
      { subject: String(vendor.id), jwtid: jti },
    );
  });
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  const call = async (op: Operation, authorization?: string, spell = (path: string) => path): Promise<Reply> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (authorization) headers.Authorization = authorization;
    const res = await fetch(`${server.url}${spell(fillPath(op.path, {}, NO_SUCH_ID))}`, {
      method: op.method.toUpperCase(),
      headers,
      body: op.method === 'get' || op.method === 'delete' ? undefined : '{}',
    });
    return { status: res.status, body: (await res.json()) as Reply['body'], headers: res.headers };
  };

  const expectRefused = (reply: Reply, status: number, error: RegExp, label: string): void => {
    expect({ label, status: reply.status }).toEqual({ label, status });
    expect(reply.body).toEqual({ success: false, error: expect.stringMatching(error) });
  };

  it('finds the routes of both APIs in the OpenAPI document', () => {
    expect(operations.filter((op) => op.access === 'manager').length).toBeGreaterThanOrEqual(5);
    expect(operations.some((op) => op.path.startsWith('/rest-manager-api-v1/'))).toBe(true);
  });

  it('opens no route without a token except the intended public ones', () => {
    const open = operations.filter((op) => op.access === 'public').map((op) => `${op.method} ${op.path}`);
    for (const route of open)
      expect({ route, allowed: PUBLIC_ROUTES.some((r) => r.test(route)) }).toEqual({ route, allowed: true });
    for (const op of operations) {
      const prefixed = op.path.startsWith('/rest-api-v1/') || op.path.startsWith('/rest-manager-api-v1/');
      if (prefixed)
        expect({ route: `${op.method} ${op.path}`, access: op.access }).not.toEqual(
          expect.objectContaining({ access: 'public' }),
        );
    }
  });

  it('refuses every protected route without a valid token of the right type', async () => {
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      const own = op.access === 'vendor' ? tokens.vendor : tokens.manager;
      const other = op.access === 'vendor' ? tokens.manager : tokens.vendor;
      const revoked = op.access === 'vendor' ? tokens.revokedVendor : tokens.revokedManager;
      expectRefused(await call(op), 401, /Authentication required/, `${label} without token`);
      expectRefused(await call(op, 'Bearer e30.e30.e30'), 401, /invalid/, `${label} garbage token`);
      expectRefused(await call(op, `Bearer ${tokens.forgedVendor}`), 401, /invalid/, `${label} forged`);
      expectRefused(await call(op, `Bearer ${revoked}`), 401, /revoked/, `${label} revoked`);
      expectRefused(await call(op, `Bearer ${other}`), 403, /cannot be used on the/, `${label} wrong token type`);
      // ...and the right token gets past authentication (whatever the route then says of `{}` and an unknown id).
      const admitted = await call(op, `Bearer ${own}`);
      expect({ label, refused: [401, 403].includes(admitted.status) }).toEqual({ label, refused: false });
    }
  });

  it("answers every route of both APIs, refused or admitted, however its prefix is spelled, with the API's security headers and not a document's", async () => {
    const spellings = [
      (path: string) => path,
      (path: string) => path.replace(/^\/rest-(manager-)?api-v1/, (prefix) => prefix.toUpperCase()),
      (path: string) => `${path}/`,
    ];
    const apiOperations = operations.filter((op) => op.access !== 'public');
    expect(apiOperations.length).toBeGreaterThan(50);
    for (const op of apiOperations) {
      const own = op.access === 'vendor' ? tokens.vendor : tokens.manager;
      for (const [i, spell] of spellings.entries()) {
        for (const authorization of [undefined, `Bearer ${own}`]) {
          const { status, headers } = await call(op, authorization, spell);
          const label = `${op.method.toUpperCase()} ${spell(op.path)} (${authorization ? 'own token' : 'no token'}): ${status}`;
          const sent = Object.fromEntries(Object.keys(API_SECURITY_HEADERS).map((name) => [name, headers.get(name)]));
          expect({ label, sent }).toEqual({ label, sent: API_SECURITY_HEADERS });
          // What only a document needs stays off an API answer (helmet's defaults would send it).
          const documentOnly = ['origin-agent-cluster', 'x-dns-prefetch-control', 'cross-origin-opener-policy'];
          expect({ label, spelling: i, sent: documentOnly.filter((name) => headers.has(name)) }).toEqual({
            label,
            spelling: i,
            sent: [],
          });
        }
      }
    }
  });

  it("refuses every vendor route that names another vendor's resource with 404 and no data (BOLA)", async () => {
    const withIds = operations.filter((op) => op.access === 'vendor' && op.parameters.some((p) => p.in === 'path'));
    expect(withIds.length).toBeGreaterThan(0);
    for (const op of withIds) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      const foreign = foreignIds.find((f) => op.path.startsWith(f.prefix));
      // A new vendor route with an id must come with a fixture here, so it is checked too.
      expect({ label, covered: Boolean(foreign) }).toEqual({ label, covered: true });
      const pathParam = op.parameters.find((p) => p.in === 'path')!.name;
      const res = await fetch(`${server.url}${fillPath(op.path, { [pathParam]: String(foreign!.id()) })}`, {
        method: op.method.toUpperCase(),
        headers: { Authorization: `Bearer ${tokens.vendor}`, 'Content-Type': 'application/json' },
        body: op.method === 'get' || op.method === 'delete' ? undefined : JSON.stringify(VALID_BODIES[label] ?? {}),
      });
      const body = (await res.json()) as Reply['body'];
      expect({ label, status: res.status, body }).toEqual({
        label,
        status: 404,
        body: { success: false, error: expect.any(String) },
      });
    }
  });
});

/** Bodies that pass validation, so a BOLA check reaches the ownership rule rather than stopping at a 400. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /rest-api-v1/general-leads/{id}/decline': { declineReason: 'Too far away' },
  'PATCH /rest-api-v1/general-leads/{id}/post-lead-status': { postLeadStatus: 'CONTACT_MADE' },
  'POST /rest-api-v1/general-leads/{leadId}/messages': { body: 'Hello' },
};
