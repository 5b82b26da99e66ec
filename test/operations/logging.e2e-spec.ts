import { DEFAULT_AUTOMATION_SETTINGS } from '../../src/automation-settings/automation-settings';
import { BuiltServer } from '../support/built-server';
import { createAdmin, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** pino's number for the debug level. */
const DEBUG = 20;

/** What the built server writes to its log: JSON lines with request ids, and no secrets. */
describe('Logs (e2e, built server)', () => {
  const server = new BuiltServer({ env: { LOG_LEVEL: 'info' }, captureStdout: true });
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  it('writes one JSON line per request with its id, and never a token, a contact detail or a link secret', async () => {
    const { token } = await createVendor(t.app);
    const manager = (await createAdmin(t.app)).token;
    const email = 'private.person@customer.example';
    const linkSecret = 'Zq8w2VnL0cT7yXe4pRk1uA';
    const requests: [string, RequestInit][] = [
      [
        '/rest-api-v1/general-leads?page=0',
        { headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'trace-logs-1' } },
      ],
      [
        `/rest-api-v1/feedback-requests/check-duplicates?email=${encodeURIComponent(email)}&phone=416-555-0100`,
        { headers: { Authorization: `Bearer ${token}` } },
      ],
      [`/r/${linkSecret}`, {}],
      // A client that puts its token in the URL: the server does not read it there, the log must not keep it.
      [`/rest-manager-api-v1/vendors?access_token=${manager}&page=0`, {}],
      [
        '/rest-manager-api-v1/vendors',
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${manager}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ vendorName: 'Logged Co', email, cityName: 'X', provinceName: 'Y', bogus: 1 }),
        },
      ],
    ];
    for (const [path, init] of requests) await fetch(`${server.url}${path}`, init);

    // Complete lines only: the text after the last newline may be half written.
    const requestLines = (): Record<string, unknown>[] =>
      server.output
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.req);
    // The log is written asynchronously: wait for a line per request.
    await waitUntil(() => Promise.resolve(requestLines().length >= requests.length));
    expect(requestLines().find((line) => (line.req as { id: string }).id === 'trace-logs-1')).toBeDefined();
    for (const secret of [token, manager, email, encodeURIComponent(email), '416-555-0100', linkSecret]) {
      expect({ secret, logged: server.output.includes(secret) }).toEqual({ secret, logged: false });
    }
  });

  it('writes the lines still buffered when it is stopped', async () => {
    const stopping = new BuiltServer({ env: { LOG_LEVEL: 'info' }, captureStdout: true });
    await stopping.start();
    const { token } = await createVendor(t.app);
    const answer = await fetch(`${stopping.url}/rest-api-v1/general-leads?page=0`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'trace-before-stop' },
    });
    expect(answer.status).toBe(200);
    // Far less than a batch, and stopped before the next timed write: only the exit writes it.
    const exit = await stopping.stop('SIGTERM');
    expect(stopping.output).toContain('"id":"trace-before-stop"');
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it('logs the 404 of an unknown vendor found by a foreign key at debug level only, never as a database error', async () => {
    const debug = new BuiltServer({ env: { LOG_LEVEL: 'debug' }, captureStdout: true });
    await debug.start();
    try {
      const manager = (await createAdmin(t.app)).token;
      // Each of these writes learns that the vendor does not exist from its insert's foreign key.
      const writes: [string, string, object][] = [
        [
          'PUT',
          'review-settings',
          {
            googleReviewEnabled: false,
            facebookReviewEnabled: false,
            bbbReviewEnabled: false,
            otherReviewEnabled: false,
          },
        ],
        ['PUT', 'automation-settings', DEFAULT_AUTOMATION_SETTINGS],
        ['PATCH', 'automation-settings', { reminderDelayMinutes: 60 }],
      ];
      for (const [method, path, body] of writes) {
        const answer = await fetch(`${debug.url}/rest-manager-api-v1/vendors/2147483000/${path}`, {
          method,
          headers: { Authorization: `Bearer ${manager}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
      }
    } finally {
      await debug.stop('SIGTERM');
    }
    const lines = debug.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; context?: string; msg?: string });
    const database = lines.filter((line) => ['TypeORM', 'SQL', 'Exceptions'].includes(line.context ?? ''));
    expect(database.filter((line) => line.level > DEBUG)).toEqual([]);
    const answered = database.filter((line) => line.msg?.startsWith('Constraint violation answered by its caller'));
    // The review settings read the vendor's name first (it measures the custom texts), so their 404 comes
    // before any statement; the two automation settings writes meet the foreign key.
    expect(answered.map((line) => line.level)).toEqual([DEBUG, DEBUG]);
  });
});
