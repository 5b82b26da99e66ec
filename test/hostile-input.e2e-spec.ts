import fc from 'fast-check';
import { VENDOR_FEATURES } from '../src/auth/vendor-account';
import { BuiltServer } from './support/built-server';
import { createAdmin, createLead, createVendor } from './support/factories';
import { Operation, Schema, fillPath, loadOperations } from './support/openapi';
import { RawReply, rawRequest } from './support/raw-http';
import { TestApp, createTestApp } from './support/test-app';

jest.setTimeout(300_000);

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 120);
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

// Ids a fuzzed request may name: its own rows, or ones that cannot belong to another test's rows.
const idArb = (ownIds: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ownIds.map(String)), weight: 6 },
    fc.integer({ min: 2_000_000_000, max: 2_147_483_647 }).map(String),
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
    fc.constantFrom(
      'abc',
      '1.5',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      '99999999999999999999',
      ' 1',
      '-0',
      '',
      '%',
      '..',
      'null',
      '[]',
      '{}',
    ),
    fc.string({ maxLength: 40 }),
  );

const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(5000)),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '${7*7}', '\u0000', '😀'.repeat(50)),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function valueArb(schema: Schema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown> = schema.enum
    ? fc.constantFrom(...schema.enum)
    : schema.type === 'integer' || schema.type === 'number'
      ? fc.integer({ min: (schema.minimum ?? -10) - 2, max: (schema.maximum ?? 1000) + 2 })
      : schema.type === 'boolean'
        ? fc.boolean()
        : schema.format === 'email'
          ? fc.emailAddress()
          : schema.type === 'array'
            ? fc.array(schema.items ? valueArb(schema.items) : junkArb, { maxLength: 7 })
            : fc.string({ maxLength: (schema.maxLength ?? 50) + 5 });
  return fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: junkArb, weight: 1 });
}

/** A body the route should accept: each property's documented example, or a plain value of its type. */
function validBody(schema: Schema | undefined): Record<string, unknown> {
  const plain = (s: Schema): unknown =>
    s.example ??
    s.enum?.[0] ??
    (s.type === 'boolean'
      ? true
      : s.type === 'integer' || s.type === 'number'
        ? (s.minimum ?? 1)
        : s.type === 'array'
          ? []
          : 'text');
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, plain(s)]));
}

function bodyArb(schema: Schema | undefined): fc.Arbitrary<string | undefined> {
  const valid = validBody(schema);
  const keys = Object.keys(valid);
  // One property of an otherwise valid body replaced with junk: reaches the code behind validation.
  const oneFieldWrong = keys.length
    ? fc.tuple(fc.constantFrom(...keys), junkArb).map(([key, junk]) => JSON.stringify({ ...valid, [key]: junk }))
    : fc.constant(JSON.stringify(valid));
  const fromSchema = fc
    .record(Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, valueArb(s)])), {
      requiredKeys: [],
    })
    .chain((obj) =>
      fc
        .option(fc.dictionary(fc.string({ maxLength: 10 }), junkArb, { maxKeys: 2 }))
        .map((extra) => ({ ...obj, ...extra })),
    )
    .map((obj) => JSON.stringify(obj));
  return fc.oneof(
    { arbitrary: fromSchema, weight: 3 },
    { arbitrary: oneFieldWrong, weight: 4 },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        '[]',
        '""',
        'not json',
        '\u0000\u0001',
        '{"__proto__":{"admin":true}}',
      ),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

const asQueryValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function queryArb(op: Operation): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const pairs = fc.tuple(
    ...declared.map((p) =>
      fc
        .option(fc.oneof(valueArb(p.schema).map(asQueryValue), fc.string({ maxLength: 20 })), { nil: undefined })
        .map((v) => [p.name, v] as const),
    ),
    fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })), { nil: undefined }),
  );
  return pairs.map((entries) => {
    const params = new URLSearchParams();
    for (const entry of entries) if (entry && entry[1] !== undefined) params.append(entry[0], entry[1]);
    const query = params.toString();
    return query ? `?${query}` : '';
  });
}

const contentTypeArb = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/json; charset=utf-16',
      'application/json; charset=klingon',
      'image/png',
      '*/*',
      'garbage',
    ),
    weight: 2,
  },
);

function check(reply: RawReply, label: string): string | undefined {
  if (reply.status >= 500) return `${label}: status ${reply.status} ${reply.text.slice(0, 200)}`;
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

/**
 * Thousands of malformed queries, bodies, path ids and content types, generated from the service's
 * own OpenAPI document, against every route of the built server: no 5xx, always the envelope, no
 * internals in any answer.
 */
describe('Hostile input (e2e, built server, property-based)', () => {
  const server = new BuiltServer();
  let t: TestApp;
  let fixture: Fixture;
  let sent = 0;
  const wrong: string[] = [];

  beforeAll(async () => {
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
    const { operations } = await loadOperations(server.url);
    for (const op of operations) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const requestArb = fc.record({
        path: fc
          .tuple(...pathParams.map(() => idArb(fixture.knownIds[op.access])))
          .map((ids) => fillPath(op.path, Object.fromEntries(pathParams.map((p, i) => [p.name, ids[i]])))),
        query: queryArb(op),
        body: op.method === 'get' || op.method === 'delete' ? fc.constant(undefined) : bodyArb(op.body?.schema),
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
          );
          if (problem) wrong.push(problem);
          return problem === undefined;
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
  });
});
