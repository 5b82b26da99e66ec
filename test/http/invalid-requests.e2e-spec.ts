import fc from 'fast-check';
import { breaksOf, fromWire, wireBreaksOf } from '../support/invalid-values';
import { proseRules } from '../support/prose-rules';
import { ValidValues } from '../support/valid-values';
import { type WalkOperation, type WalkRequest, operationsOf, requestArb, servedDocument } from '../support/valid-walk';
import { WalkBed, type WalkHeaders } from '../support/walk-bed';

jest.setTimeout(180_000);

// Fixed, so that a failure replays: WALK_SEED=<seed> npx jest test/http/invalid-requests.e2e-spec.ts
const SEED = Number(process.env.WALK_SEED ?? 20261207);
/** What a refusal of a request that breaks the document may be (a 413, 415 or 429 says nothing of its data). */
const REFUSALS = new Set([400, 401, 403, 404, 405, 406, 409, 422, 428]);
/** What a valid request must not get: a refusal of its data or its form. */
const NOT_FOR_VALID = new Set([400, 413, 415, 422]);
/** Header values HTTP can carry (the others never reach a server). */
const HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;

interface Case {
  label: string;
  request: WalkRequest;
  headers?: WalkHeaders;
}

/**
 * The request without what the document leaves optional: the query parameters it does not require (an
 * object parameter's properties are its schema's to require) and the body's optional properties, as far
 * as the document still admits the body without them.
 */
function minimalOf(op: WalkOperation, request: WalkRequest, values: ValidValues): WalkRequest {
  const kept = new Set<string>();
  for (const parameter of op.raw.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    const schema = values.resolve(parameter.schema);
    for (const name of schema.type === 'object' ? Object.keys(schema.properties ?? {}) : [parameter.name])
      kept.add(name);
  }
  const query = Object.fromEntries(Object.entries(request.query).filter(([name]) => kept.has(name)));
  const schema = Object.values(op.raw.requestBody?.content ?? {})[0]?.schema;
  if (!schema || !request.body || typeof request.body !== 'object') return { ...request, query };
  const required = new Set(values.resolve(schema).required ?? []);
  const body = Object.fromEntries(Object.entries(request.body).filter(([name]) => required.has(name)));
  return { ...request, query, body: values.admits(schema, body) ? body : request.body };
}

/**
 * For every operation of the document, a valid request (generated from the document, as the walk with
 * valid requests makes them) and, from it, one request for each constraint the document states of a
 * path, query or header parameter or of the body, with that one constraint broken: the broken ones must
 * be refused with a 4xx the operation lists, the valid one (and the same with only what the document
 * requires) must not be refused for its data, and an operation with a security requirement must answer
 * 401 without a token or with one that is no token.
 */
describe('Invalid requests generated from the document (e2e)', () => {
  let walk: WalkBed;
  const counts = { operations: 0, broken: 0, valid: 0, auth: 0 };

  beforeAll(async () => {
    walk = await WalkBed.start('invalid_walk');
  });

  afterAll(async () => {
    process.stdout.write(`\ninvalid requests: ${JSON.stringify(counts)}, seed ${SEED}\n`);
    await walk?.close();
  });

  const casesOf = (op: WalkOperation, base: WalkRequest, values: ValidValues, seed: number): Case[] => {
    const cases: Case[] = [];
    for (const parameter of op.raw.parameters ?? []) {
      const schema = values.resolve(parameter.schema);
      const name = parameter.name;
      if (parameter.in === 'path') {
        // An empty segment names another path (its own operation, or a 404/405): no break of this one.
        for (const { rule, value } of wireBreaksOf(values, schema, walk.ownId(op, name), seed).filter((b) => b.value)) {
          const path = op.path.replace(/\{(\w+)\}/g, (_m, key: string) =>
            encodeURIComponent(key === name ? String(value) : walk.ownId(op, key)),
          );
          cases.push({ label: `path ${name} ${rule}`, request: { ...base, path } });
        }
      } else if (parameter.in === 'header') {
        for (const { rule, value } of wireBreaksOf(values, schema, undefined, seed))
          if (HEADER_TEXT.test(String(value)))
            cases.push({ label: `header ${name} ${rule}`, request: base, headers: { [name]: String(value) } });
      } else if (parameter.in === 'query' && schema.type === 'object') {
        // One parameter of style form, explode: each property its own query parameter.
        const own = Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, base.query[key]]));
        const rest = Object.fromEntries(Object.entries(base.query).filter(([key]) => !(key in own)));
        const present = Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined));
        if (!values.admits(schema, {})) cases.push({ label: `query ${name} empty`, request: { ...base, query: rest } });
        for (const [key, property] of Object.entries(schema.properties ?? {}))
          for (const { rule, value } of wireBreaksOf(values, property, own[key], seed)) {
            const broken = { ...present, [key]: String(value) };
            const read = Object.fromEntries(
              Object.entries(broken).map(([k, v]) => [k, fromWire(values.resolve(schema.properties![k]), v)]),
            );
            if (!values.admits(schema, read))
              cases.push({ label: `query ${key} ${rule}`, request: { ...base, query: { ...rest, ...broken } } });
          }
      } else if (parameter.in === 'query') {
        // A parameter that is no array given twice (the path's own query comes before the request's).
        if (base.query[name] !== undefined) {
          const path = `${base.path}?${new URLSearchParams({ [name]: base.query[name] }).toString()}`;
          cases.push({ label: `query ${name} twice`, request: { ...base, path } });
        }
        if (parameter.required) {
          const { [name]: _dropped, ...query } = base.query;
          cases.push({ label: `query ${name} required`, request: { ...base, query } });
        }
        for (const { rule, value } of wireBreaksOf(values, schema, base.query[name], seed))
          cases.push({
            label: `query ${name} ${rule}`,
            request: { ...base, query: { ...base.query, [name]: String(value) } },
          });
      }
    }
    const [contentType, content] = Object.entries(op.raw.requestBody?.content ?? {})[0] ?? [];
    if (content && contentType === 'application/json') {
      for (const { rule, value } of breaksOf(values, content.schema, base.body, seed))
        cases.push({ label: `body ${rule}`, request: { ...base, body: value } });
    }
    return cases;
  };

  it('refuses each broken constraint with a listed 4xx, takes the valid request, and needs its token', async () => {
    const document = servedDocument();
    const values = new ValidValues(document.components.schemas);
    const rules = proseRules(walk.bed.receiver.url('/walk'));
    // Deletions last, so that the rows the other operations name still exist.
    const operations = operationsOf(document).sort(
      (x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'),
    );
    const wrong: string[] = [];
    const record = (op: WalkOperation, label: string, req: WalkRequest, status: number, text: string): void => {
      const query = new URLSearchParams(req.query).toString();
      const body = JSON.stringify(req.body)?.slice(0, 200) ?? '';
      wrong.push(`${op.method.toUpperCase()} ${req.path}?${query} ${body} [${label}]: ${status} ${text.slice(0, 200)}`);
    };
    for (const [index, op] of operations.entries()) {
      counts.operations++;
      const seed = SEED + index;
      const [generated] = fc.sample(requestArb(op, values, walk.ownId), { numRuns: 1, seed });
      const base = rules.reduce((req, rule) => (rule.applies(op, req) ? rule.mend(req) : req), generated);
      const listed = (status: number): boolean => op.raw.responses[String(status)] !== undefined;
      for (const { label, request, headers } of casesOf(op, base, values, seed)) {
        counts.broken++;
        const res = await walk.send(op, request, headers);
        if (!REFUSALS.has(res.status) || !listed(res.status)) record(op, label, request, res.status, res.text);
      }
      if (op.access !== 'public') {
        for (const Authorization of [null, 'Bearer not-a-token']) {
          counts.auth++;
          const res = await walk.send(op, base, { Authorization });
          if (res.status !== 401) record(op, `Authorization ${Authorization}`, base, res.status, res.text);
        }
      }
      if (op.path === '/sms/inbound') continue; // signed with the SMS provider's secret, which the document cannot give
      for (const [label, valid] of [
        ['only what is required', minimalOf(op, base, values)],
        ['valid', base],
      ] as const) {
        counts.valid++;
        const res = await walk.send(op, valid);
        if (NOT_FOR_VALID.has(res.status) || res.status >= 500 || !listed(res.status))
          record(op, label, valid, res.status, res.text);
      }
    }
    expect(wrong).toEqual([]);
  });
});
