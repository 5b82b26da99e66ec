import request from 'supertest';
import { bearer, createAdmin } from './factories';
import { TestApp, createTestApp } from './test-app';
import { MANAGER_API, VENDOR_API } from './api-paths';

export const LEADS = `${VENDOR_API}/general-leads`;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ago = (ms: number): Date => new Date(Date.now() - ms);
/** What the vendor has done with a lead just assigned: nothing yet. */
export const UNTOUCHED = {
  actionDate: null,
  vendorNotificationViewed: false,
  vendorLeadAction: 'NONE',
  declineReason: null,
  postLeadStatus: null,
  postLeadRequiresAction: false,
  firstMessageAt: null,
};

/**
 * Starts an app for the describe block it is called in, with a manager, and answers the calls and
 * checks the lead tests share. `state` holds the app once `beforeAll` has run.
 */
export function useLeadsApi() {
  const state = {} as { t: TestApp; managerToken: string };
  beforeAll(async () => {
    state.t = await createTestApp();
    state.managerToken = (await createAdmin(state.t.app)).token;
  });
  afterAll(() => state.t.close());

  const list = (token: string, query: Record<string, string | number> = {}) =>
    request(state.t.http).get(LEADS).query(query).set(bearer(token));
  const counts = (token: string) => request(state.t.http).get(`${LEADS}/filter-counts`).set(bearer(token));
  const view = (token: string, id: number | string) => request(state.t.http).get(`${LEADS}/${id}`).set(bearer(token));
  const accept = (token: string, id: number | string) =>
    request(state.t.http).post(`${LEADS}/${id}/accept`).set(bearer(token));
  const decline = (token: string, id: number | string, body: object = { declineReason: 'Outside our area.' }) =>
    request(state.t.http).post(`${LEADS}/${id}/decline`).set(bearer(token)).send(body);
  const setStatus = (token: string, id: number | string, body: object) =>
    request(state.t.http).patch(`${LEADS}/${id}/post-lead-status`).set(bearer(token)).send(body);
  const assign = (vendorId: number | string, body: object) =>
    request(state.t.http).post(`${MANAGER_API}/vendors/${vendorId}/leads`).set(bearer(state.managerToken)).send(body);

  const idsOf = (res: request.Response): number[] => (res.body.data.content as { id: number }[]).map((lead) => lead.id);
  const stored = async (id: number): Promise<Record<string, unknown>> => {
    const [row]: Record<string, unknown>[] = await state.t.dataSource.query('SELECT * FROM leads WHERE id = $1', [id]);
    return row;
  };
  /**
   * Runs `action` between two readings of the database's clock, which stamps the leads' dates, and
   * answers a check that a date was stamped during it (no guess at how long a request may take).
   */
  const clockAround = async <T>(action: () => Promise<T>): Promise<[T, (iso: string) => void]> => {
    const now = async (): Promise<number> =>
      ((await state.t.dataSource.query('SELECT clock_timestamp() AS now'))[0].now as Date).getTime();
    const from = await now();
    const result = await action();
    const to = await now();
    const stampedDuring = (iso: string): void => {
      expect(iso).toMatch(ISO_MS);
      expect(Date.parse(iso)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(iso)).toBeLessThanOrEqual(to);
    };
    return [result, stampedDuring];
  };

  const expectInvalid = (res: request.Response, field: string): void => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringMatching(/^Invalid request: /),
      details: expect.arrayContaining([expect.objectContaining({ field })]),
    });
  };
  const expectConflict = (res: request.Response, pattern: RegExp): void => {
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(pattern) });
  };
  const expectNotFound = (res: request.Response, id: number): void => {
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: `Lead ${id} was not found.` });
  };

  return {
    state,
    list,
    counts,
    view,
    accept,
    decline,
    setStatus,
    assign,
    idsOf,
    stored,
    clockAround,
    expectInvalid,
    expectConflict,
    expectNotFound,
  };
}
