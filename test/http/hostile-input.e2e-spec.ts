import fc from 'fast-check';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { BuiltServer } from '../support/built-server';
import { createAdmin, createLead, createVendor } from '../support/factories';
import { Operation, Schema, fillPath, loadOperations } from '../support/openapi';
import { RawReply, rawRequest } from '../support/raw-http';
import {
  OVERLONG_BODY_STRING,
  OVERLONG_QUERY_STRING,
  bodyArb,
  contentTypeArb,
  idArb,
  queryArb,
  validBody,
} from '../support/request-arbitraries';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(300_000);

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 200);
// Fixed, so that a failure replays: FUZZ_SEED=<the seed in the log> npx jest test/http/hostile-input.e2e-spec.ts
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
// What must never reach a client: stack frames, file paths, SQL, driver internals.
const LEAK =
  /(\bat \S+ \(|\.ts:\d+|\.js:\d+|\/work\/|\/src\/|node_modules|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|QueryFailedError|syntax error at|violates .* constraint|relation ".*"|column ".*")/i;

interface Fixture {
  vendorToken: string;
  managerToken: string;
  /** Ids the fuzz's own requests may name: manager routes target a vendor of its own (not the caller,
   * whose token a fuzzed api-token call would revoke); vendor routes the caller's own resources. */
  knownIds: Record<Operation['access'], number[]>;
}

function check(reply: RawReply, label: string, statuses: string[]): string | undefined {
  if (reply.status >= 500) return `${label}: status ${reply.status} ${reply.text.slice(0, 200)}`;
  // The response contract finds an answer's operation by its path; an empty id makes that another's.
  if (!statuses.includes(String(reply.status)))
    return `${label}: status ${reply.status}, not in the document (${statuses.join(', ')}): ${reply.text.slice(0, 200)}`;
  if (LEAK.test(reply.text)) return `${label}: leaks internals: ${reply.text.slice(0, 200)}`;
  let body: { success?: unknown; error?: unknown };
  try {
    body = JSON.parse(reply.text) as typeof body;
  } catch {
    return `${label}: not JSON: ${reply.text.slice(0, 100)}`;
  }
  if (typeof body.success !== 'boolean') return `${label}: no envelope`;
  if (body.success === false && typeof body.error !== 'string') return `${label}: error envelope without error text`;
  if (reply.status >= 400 === (body.success === true))
    return `${label}: success ${String(body.success)} with status ${reply.status}`;
  return undefined;
}

/** A string property of a JSON body (`path` into the body, e.g. reviewLocations.0.label) or a query parameter. */
interface StringField {
  path: (string | number)[];
  schema: Schema;
  in: 'body' | 'query';
}

function bodyStringFields(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  prefix: (string | number)[] = [],
): StringField[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, raw]): StringField[] => {
    const s = resolve(raw);
    if (s.type === 'string') return [{ path: [...prefix, key], schema: s, in: 'body' }];
    const item = s.type === 'array' && s.items ? resolve(s.items) : undefined;
    return item?.properties ? bodyStringFields(item, resolve, [...prefix, key, 0]) : [];
  });
}

/** The body with the value at the path (the path's objects exist: validBody fills lists with one). */
function withValue(body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/**
 * Thousands of malformed queries, bodies, path ids and content types, generated from the service's
 * own OpenAPI document, against every route of the built server: no 5xx, a status the operation
 * documents, always the envelope, no internals in any answer.
 */
describe('Hostile input (e2e, built server, property-based)', () => {
  const server = new BuiltServer();
  let t: TestApp;
  let fixture: Fixture;
  let sent = 0;
  const wrong: string[] = [];

  beforeAll(async () => {
    process.stdout.write(
      `\nhostile input: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS_PER_OPERATION} runs per operation\n`,
    );
    t = await createTestApp();
    await server.start();
    const { vendor, token } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    const target = await createVendor(t.app);
    const lead = await createLead(t.app, vendor.id);
    fixture = {
      vendorToken: token,
      managerToken: (await createAdmin(t.app)).token,
      knownIds: { vendor: [lead.id], manager: [target.vendor.id], public: [lead.id] },
    };
  });
  afterAll(async () => {
    process.stdout.write(`\nhostile input: ${sent} requests sent, ${wrong.length} wrong answers\n`);
    await server.stop();
    await t.close();
  });

  it('never answers a 5xx, a bare error or internals, on any route', async () => {
    const { operations, resolve } = await loadOperations(server.url);
    for (const [index, op] of operations.entries()) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const requestArb = fc.record({
        path: fc
          .tuple(...pathParams.map(() => idArb(fixture.knownIds[op.access])))
          .map((ids) => fillPath(op.path, Object.fromEntries(pathParams.map((p, i) => [p.name, ids[i]])))),
        query: queryArb(op),
        body:
          op.method === 'get' || op.method === 'delete' ? fc.constant(undefined) : bodyArb(op.body?.schema, resolve),
        contentType: contentTypeArb,
        token: fc.oneof(
          { arbitrary: fc.constant(op.access === 'vendor' ? fixture.vendorToken : fixture.managerToken), weight: 8 },
          { arbitrary: fc.constantFrom('', 'Bearer', 'Bearer a.b.c', 'Basic Zm9vOmJhcg=='), weight: 1 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(requestArb, async (req) => {
          const headers: Record<string, string> = { 'Content-Type': req.contentType };
          if (req.token) headers.Authorization = req.token.startsWith('ey') ? `Bearer ${req.token}` : req.token;
          sent++;
          const reply = await rawRequest(server.url, {
            method: op.method.toUpperCase(),
            path: `${req.path}${req.query}`,
            headers,
            body: req.body,
          });
          const problem = check(
            reply,
            `${op.method.toUpperCase()} ${req.path}${req.query} [${req.contentType}] ${req.body?.slice(0, 120) ?? ''}`,
            op.statuses,
          );
          if (problem) wrong.push(problem);
          return problem === undefined;
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED + index, endOnFailure: true },
      );
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
  });

  /**
   * Every string a client sends has a limit (docs/security.md, API4), checked on every run rather than
   * left to chance: the documented maxLength is taken and one more character is refused, naming the
   * field; and a string longer than every documented limit is refused in every string field, so a
   * removed @MaxLength (which also leaves the document) is caught.
   */
  it('holds every string field of every body and query to its limit', async () => {
    const { operations, resolve } = await loadOperations(server.url);
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const path = fillPath(op.path, {}, String(fixture.knownIds[op.access][0]));
      const token = op.access === 'vendor' ? fixture.vendorToken : fixture.managerToken;
      const valid = validBody(op.body?.schema, resolve);
      const fields = [
        ...(op.body?.contentType === 'application/json' ? bodyStringFields(op.body.schema, resolve) : []),
        ...op.parameters
          .filter((p) => p.in === 'query' && p.schema.type === 'string')
          .map((p): StringField => ({ path: [p.name], schema: p.schema, in: 'query' })),
      ];
      for (const field of fields) {
        const name = field.path.join('.');
        const max = field.schema.maxLength;
        const overlong = field.in === 'body' ? OVERLONG_BODY_STRING : OVERLONG_QUERY_STRING;
        if (max !== undefined && max >= overlong)
          failures.push(`${op.path} ${name}: limit ${max} not below ${overlong}`);
        const cases: [number, boolean][] = [[overlong, true]];
        if (max !== undefined) cases.push([max, false], [max + 1, true]);
        for (const [length, refused] of cases) {
          const value = 'x'.repeat(length);
          const reply = await rawRequest(server.url, {
            method: op.method.toUpperCase(),
            path: field.in === 'query' ? `${path}?${new URLSearchParams({ [name]: value }).toString()}` : path,
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: field.in === 'body' ? JSON.stringify(withValue(valid, field.path, value)) : undefined,
          });
          checked++;
          const details = ((JSON.parse(reply.text) as { details?: { field: string; message: string }[] }).details ?? [])
            .filter((d) => d.field === name)
            .map((d) => d.message);
          const seen = refused
            ? reply.status === 400 && details.length > 0
            : !details.some((m) => /shorter|longer|length/.test(m));
          if (!seen)
            failures.push(
              `${op.method.toUpperCase()} ${op.path} ${name} of ${length} characters: ${reply.status} ${reply.text.slice(0, 200)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
