import { ApiKeysService } from '../../src/auth/api-keys.service';
import { type ApiScope, SCOPES_OF, grants } from '../../src/auth/decorators/scopes';
import type { KeyOwner } from '../../src/auth/principal';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { BuiltServer } from '../support/built-server';
import { createAdmin, createVendor } from '../support/factories';
import { Operation, fillPath, loadOperations } from '../support/openapi';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(120_000);

// Path ids in the matrix name nothing, so admitted requests change no other test's rows.
const NO_SUCH_ID = '2147483000';

/**
 * For every operation of both APIs, read from the service's own OpenAPI document with the scope its
 * security requirement lists: a key holding every other scope but that one (and what grants it) is
 * refused 403 naming it; a key holding just that scope gets past the check.
 */
describe('Scope matrix (e2e, built server)', () => {
  const server = new BuiltServer();
  let t: TestApp;
  let operations: Operation[];
  /** Keys by owner and scopes; the keys that lack a scope and those that hold it live on separate accounts. */
  const keys = new Map<string, string>();
  const owners: Record<'holding' | 'lacking', Record<KeyOwner['type'], KeyOwner>> = {
    holding: { vendor: { type: 'vendor', id: 0 }, manager: { type: 'manager', id: 0 } },
    lacking: { vendor: { type: 'vendor', id: 0 }, manager: { type: 'manager', id: 0 } },
  };

  beforeAll(async () => {
    t = await createTestApp();
    await server.start();
    operations = (await loadOperations(server.url)).operations.filter((op) => op.access !== 'public');
    for (const side of ['holding', 'lacking'] as const) {
      owners[side].vendor.id = (await createVendor(t.app, { features: [...VENDOR_FEATURES] })).vendor.id;
      owners[side].manager.id = (await createAdmin(t.app)).manager.id;
    }
  });
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  const keyHolding = async (owner: KeyOwner, scopes: ApiScope[]): Promise<string> => {
    const label = `${owner.type}:${owner.id}:${scopes.join(',')}`;
    let token = keys.get(label);
    if (!token) {
      const name = `matrix ${scopes.length}`;
      const issued = await t.app.get(ApiKeysService).create(owner, { name, scopes, expiresAt: null, createdBy: 'cli' });
      keys.set(label, (token = issued.token));
    }
    return token;
  };

  const call = async (op: Operation, token: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${server.url}${fillPath(op.path, {}, NO_SUCH_ID)}`, {
      method: op.method.toUpperCase(),
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: op.method === 'get' || op.method === 'delete' ? undefined : '{}',
    });
    return { status: res.status, body: await res.json() };
  };

  it('lists one scope, of the kind of account the operation admits, on every protected operation', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const op of operations) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      expect({ label, scopes: op.scopes.length }).toEqual({ label, scopes: 1 });
      const allowed = SCOPES_OF[op.access as KeyOwner['type']] as readonly string[];
      expect({ label, allowed: allowed.includes(op.scopes[0]) }).toEqual({ label, allowed: true });
    }
  });

  it('refuses each operation to a key without its scope with 403 naming it, and admits a key with just that scope', async () => {
    for (const op of operations) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      const type = op.access as KeyOwner['type'];
      const needed = op.scopes[0] as ApiScope;
      const others = SCOPES_OF[type].filter((scope) => !grants([scope], needed));
      const lacking = await call(op, await keyHolding(owners.lacking[type], others));
      expect({ label, status: lacking.status, body: lacking.body }).toEqual({
        label,
        status: 403,
        body: { success: false, error: `This API key lacks the scope ${needed}, which this operation needs.` },
      });
      const holding = await call(op, await keyHolding(owners.holding[type], [needed]));
      expect({ label, refused: [401, 403].includes(holding.status), body: holding.body }).toEqual({
        label,
        refused: false,
        body: expect.anything(),
      });
    }
  });

  it('admits a read to a key with the area\'s write scope, and everything to a key with "*"', async () => {
    for (const op of operations) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      const type = op.access as KeyOwner['type'];
      const needed = op.scopes[0] as ApiScope;
      const wider: ApiScope = needed.endsWith(':read') ? (needed.replace(/:read$/, ':write') as ApiScope) : '*';
      const { status } = await call(op, await keyHolding(owners.holding[type], [wider]));
      expect({ label, wider, refused: [401, 403].includes(status) }).toEqual({ label, wider, refused: false });
    }
  });
});
