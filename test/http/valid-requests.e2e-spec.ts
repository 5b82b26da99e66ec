import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { bearer, createLead, createVendor } from '../support/factories';
import { STATE_REFUSALS as STATED_400, proseRules } from '../support/prose-rules';
import { ValidValues } from '../support/valid-values';
import {
  type WalkOperation,
  type WalkRequest,
  documentTextOf,
  operationsOf,
  requestArb,
  servedDocument,
} from '../support/valid-walk';
import { OwnDatabaseApp } from '../support/own-database-app';

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
  let bed: OwnDatabaseApp;
  let ids: Record<string, string>;
  let vendorToken: string;
  let png: Buffer;
  let sent = 0;
  const statuses: Record<number, number> = {};

  beforeAll(async () => {
    bed = await OwnDatabaseApp.start('valid_walk');
    const { app, http } = bed.t;
    const features = { features: [...VENDOR_FEATURES] };
    const [a, b] = [await createVendor(app, features), await createVendor(app, features)];
    vendorToken = a.token;
    const vendor = bearer(a.token);
    const data = (res: request.Response): Record<string, unknown> => {
      expect([res.status, res.body.success]).toEqual([expect.any(Number), true]);
      return res.body.data as Record<string, unknown>;
    };
    const endpoint = async (auth: Record<string, string>, prefix: string) => {
      const created = data(
        await request(http)
          .post(`${prefix}/webhook-endpoints`)
          .set(auth)
          .send({ url: bed.receiver.url('/walk'), events: ['*'] }),
      );
      const id = String((created.endpoint as { id: number } | undefined)?.id ?? created.id);
      await request(http).post(`${prefix}/webhook-endpoints/${id}/test`).set(auth).expect(202);
      const deliveries = data(await request(http).get(`${prefix}/webhook-endpoints/${id}/deliveries`).set(auth));
      return { id, delivery: String((deliveries.content as { id: number }[])[0]?.id ?? 1) };
    };
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a0c4ff' } })
      .png()
      .toBuffer();
    const manager = bed.manager;
    const gallery = data(
      await request(http)
        .post(`/rest-manager-api-v1/vendors/${b.vendor.id}/gallery`)
        .set(manager)
        .attach('files[]', png, 'walk.png'),
    ) as unknown as { id: number; url: string }[];
    const docs = data(
      await request(http).get(`/rest-manager-api-v1/vendors/${b.vendor.id}/required-docs`).set(manager),
    );
    const review = data(
      await request(http)
        .post('/rest-api-v1/review-requests')
        .set(vendor)
        .send({ firstName: 'Sam', emailTo: 'sam.walk@customer.example' }),
    );
    const [vendorHook, managerHook] = [
      await endpoint(vendor, '/rest-api-v1'),
      await endpoint(manager, '/rest-manager-api-v1'),
    ];
    // A key of each side's own, to roll and revoke (a manager's own keys; vendor a's).
    const keyOf = async (auth: Record<string, string>, api: string): Promise<string> =>
      (
        await request(http)
          .post(`${api}/api-keys`)
          .set(auth)
          .send({ name: 'walk', scopes: ['*'] })
          .expect(201)
      ).body.data.id as string;
    ids = {
      vendorKey: await keyOf(vendor, '/rest-api-v1'),
      managerKey: await keyOf(manager, '/rest-manager-api-v1'),
      vendorId: String(b.vendor.id),
      vendorLead: String((await createLead(app, a.vendor.id)).id),
      managerLead: String((await createLead(app, b.vendor.id)).id),
      vendorHook: vendorHook.id,
      vendorDelivery: vendorHook.delivery,
      managerHook: managerHook.id,
      managerDelivery: managerHook.delivery,
      processId: String(review.processId),
      requiredDocId: String((docs as unknown as { id: number }[])[0]?.id ?? 1),
      imageId: String(gallery[0].id),
      key: gallery[0].url.split('/').at(-1)!,
    };
  });

  afterAll(async () => {
    process.stdout.write(
      `\nvalid requests: ${sent} sent, answers ${JSON.stringify(statuses)}, seed ${SEED} (replay with WALK_SEED=${SEED})\n`,
    );
    await bed?.close();
  });

  const ownId = (op: WalkOperation, name: string): string => {
    const side = op.access === 'vendor' ? 'vendor' : 'manager';
    if (name === 'deliveryId') return ids[`${side}Delivery`];
    if (name === 'keyId') return ids[`${side}Key`];
    if (name === 'id' && op.path.includes('/webhook-endpoints/')) return ids[`${side}Hook`];
    if (name === 'id' || name === 'leadId') return ids[`${side}Lead`];
    return ids[name] ?? '1';
  };

  const send = (op: WalkOperation, req: WalkRequest): request.Test => {
    let call = request(bed.t.http)[op.method](req.path).query(req.query);
    if (op.access !== 'public') call = call.set(op.access === 'vendor' ? bearer(vendorToken) : bed.manager);
    if (op.method !== 'get') call = call.set('Idempotency-Key', randomUUID());
    if (req.multipart) return call.attach('files[]', png, 'walk.png');
    return req.body === undefined ? call : call.send(req.body as object);
  };

  it('no operation refuses a request its document admits, and none fails', async () => {
    const document = servedDocument();
    const values = new ValidValues(document.components.schemas);
    const rules = proseRules(bed.receiver.url('/walk'));
    // Deletions last, so that the rows the other operations name still exist.
    const operations = operationsOf(document)
      .filter((op) => !SIGNED.has(op.path))
      .sort((x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'));
    const wrong: string[] = [];
    const unstated = new Set<string>();
    const mended = new Map<string, number>();
    for (const [index, op] of operations.entries()) {
      const text = documentTextOf(op, document);
      const arb = requestArb(op, values, ownId).map((generated) =>
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
          const res = await send(op, req);
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
