import fc from 'fast-check';
import { STATE_REFUSALS as STATED_400, proseRules } from '../support/prose-rules';
import { ValidValues } from '../support/valid-values';
import { documentTextOf, operationsOf, requestArb, servedDocument } from '../support/valid-walk';
import { WalkBed } from '../support/walk-bed';

jest.setTimeout(180_000);

const RUNS_PER_OPERATION = Number(process.env.WALK_RUNS ?? 6);
// Fixed, so that a failure replays: WALK_SEED=<seed> npx jest test/http/valid-requests.e2e-spec.ts
const SEED = Number(process.env.WALK_SEED ?? 20261201);
/** Answers a valid request may get from the state of the rows it names, when its operation lists them. */
const STATE_REFUSALS = new Set([404, 409, 422]);
/** Its requests are signed with the SMS provider's secret, which the document cannot give. */
const SIGNED = new Set(['/sms/inbound']);

/**
 * For every operation of the document, requests generated from the document alone (types, formats,
 * patterns, lengths, ranges, enums, required, anyOf/oneOf/not), each naming the test's own rows and
 * each write with its own Idempotency-Key: the server must never refuse one with a 400 (the document
 * would then say less than the server checks) nor fail with a 5xx.
 */
describe('Valid requests generated from the document (e2e, property-based)', () => {
  let walk: WalkBed;
  let sent = 0;
  const statuses: Record<number, number> = {};

  beforeAll(async () => {
    walk = await WalkBed.start('valid_walk');
  });

  afterAll(async () => {
    process.stdout.write(
      `\nvalid requests: ${sent} sent, answers ${JSON.stringify(statuses)}, seed ${SEED} (replay with WALK_SEED=${SEED})\n`,
    );
    await walk?.close();
  });

  it('no operation refuses a request its document admits, and none fails', async () => {
    const document = servedDocument();
    const values = new ValidValues(document.components.schemas);
    const rules = proseRules(walk.bed.receiver.url('/walk'));
    // Deletions last, so that the rows the other operations name still exist.
    const operations = operationsOf(document)
      .filter((op) => !SIGNED.has(op.path))
      .sort((x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'));
    const wrong: string[] = [];
    const unstated = new Set<string>();
    const mended = new Map<string, number>();
    for (const [index, op] of operations.entries()) {
      const text = documentTextOf(op, document);
      const arb = requestArb(op, values, walk.ownId).map((generated) =>
        rules.reduce((req, rule) => {
          if (!rule.applies(op, req)) return req;
          if (!rule.stated.test(text)) unstated.add(`${op.raw.operationId}: ${rule.name}`);
          mended.set(rule.name, (mended.get(rule.name) ?? 0) + 1);
          return rule.mend(req);
        }, generated),
      );
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          sent++;
          const res = await walk.send(op, req);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const listed = op.raw.responses[String(res.status)] !== undefined;
          const stated400 = STATED_400.find(
            (refusal) =>
              refusal.applies(op) && refusal.error.test(String(res.body?.error)) && refusal.stated.test(text),
          );
          const fine =
            res.status < 400 ||
            (STATE_REFUSALS.has(res.status) && listed) ||
            (res.status === 400 && stated400 !== undefined);
          if (!fine) {
            const body = JSON.stringify(req.body)?.slice(0, 300);
            wrong.push(
              `${op.method.toUpperCase()} ${req.path}?${new URLSearchParams(req.query).toString()} ${body}: ${res.status} ${res.text.slice(0, 300)}`,
            );
          }
          return true;
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED + index },
      );
    }
    process.stdout.write(`\nvalid requests: mended by prose rules ${JSON.stringify(Object.fromEntries(mended))}\n`);
    expect({ unstated: [...unstated], wrong }).toEqual({ unstated: [], wrong: [] });
    expect(sent).toBe(operations.length * RUNS_PER_OPERATION);
  });
});
