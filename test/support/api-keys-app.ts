import request from 'supertest';
import { VENDOR_API as V } from './api-paths';
import { bearer } from './factories';
import { type HeldClock, holdClock } from './rate-limit';
import { TestApp, createTestApp } from './test-app';

/** An API key as the key routes answer it; `token` only when it was just made. */
export interface Key {
  id: string;
  name: string;
  scopes: string[];
  status: string;
  createdBy: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  token?: string;
}

/**
 * The application on a held clock for a describe block of key tests, with the calls they share: a
 * read any key with `leads:read` may make, making a key (a second apart, the list being newest first)
 * and listing the caller's keys.
 */
export function useApiKeysApp() {
  const state = {} as { t: TestApp; clock: HeldClock };
  beforeAll(async () => (state.t = await createTestApp()));
  beforeEach(() => (state.clock = holdClock(state.t)));
  afterEach(() => state.clock.release());
  afterAll(() => state.t.close());

  const leads = (token: string) => request(state.t.http).get(`${V}/general-leads/filter-counts`).set(bearer(token));
  const create = async (token: string, body: object): Promise<Key & { token: string }> => {
    state.clock.advance(1_000);
    const res = await request(state.t.http).post(`${V}/api-keys`).set(bearer(token)).send(body);
    expect(res.status).toBe(201);
    return res.body.data as Key & { token: string };
  };
  const list = async (token: string): Promise<Key[]> =>
    (await request(state.t.http).get(`${V}/api-keys`).set(bearer(token)).expect(200)).body.data as Key[];
  return { state, leads, create, list };
}
