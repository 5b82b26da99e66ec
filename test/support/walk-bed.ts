import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { bearer, createLead, createVendor } from './factories';
import { OwnDatabaseApp } from './own-database-app';
import type { WalkOperation, WalkRequest } from './valid-walk';

/** What a walk's request may change of what `send` sets: its headers (null: left out). */
export type WalkHeaders = Record<string, string | null>;

/**
 * The rows the walks over the document name in their paths (two vendors with every feature, a lead of
 * each, a webhook endpoint and a delivery of each API, a review process, a required document, a gallery
 * image, an API key of each side), on an application with a database of its own.
 */
export class WalkBed {
  private constructor(
    readonly bed: OwnDatabaseApp,
    private readonly ids: Record<string, string>,
    private readonly vendorToken: string,
    private readonly png: Buffer,
  ) {}

  static async start(suffix: string): Promise<WalkBed> {
    const bed = await OwnDatabaseApp.start(suffix);
    const { app, http } = bed.t;
    const features = { features: [...VENDOR_FEATURES] };
    const [a, b] = [await createVendor(app, features), await createVendor(app, features)];
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
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a0c4ff' } })
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
    const ids = {
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
    return new WalkBed(bed, ids, a.token, png);
  }

  close(): Promise<void> {
    return this.bed.close();
  }

  /** The test's own row for a path parameter of the operation. */
  readonly ownId = (op: WalkOperation, name: string): string => {
    const side = op.access === 'vendor' ? 'vendor' : 'manager';
    if (name === 'deliveryId') return this.ids[`${side}Delivery`];
    if (name === 'keyId') return this.ids[`${side}Key`];
    if (name === 'id' && op.path.includes('/webhook-endpoints/')) return this.ids[`${side}Hook`];
    if (name === 'id' || name === 'leadId') return this.ids[`${side}Lead`];
    return this.ids[name] ?? '1';
  };

  /**
   * The request as the operation takes it: its side's token, a write's own Idempotency-Key, the body
   * (or an image for a multipart upload); `headers` replace or (null) leave out any of these headers.
   */
  send(op: WalkOperation, req: WalkRequest, headers: WalkHeaders = {}): request.Test {
    const own: WalkHeaders = {};
    if (op.access !== 'public')
      own.Authorization = `Bearer ${op.access === 'vendor' ? this.vendorToken : this.managerToken}`;
    if (op.method !== 'get') own['Idempotency-Key'] = randomUUID();
    let call = request(this.bed.t.http)[op.method](req.path).query(req.query);
    for (const [name, value] of Object.entries({ ...own, ...headers }))
      if (value !== null) call = call.set(name, value);
    if (req.multipart) return call.attach('files[]', this.png, 'walk.png');
    // Written out here, so that a body that is no object (a break of the document) is sent as it is.
    return req.body === undefined ? call : call.type('application/json').send(JSON.stringify(req.body));
  }

  private get managerToken(): string {
    return this.bed.manager.Authorization.slice('Bearer '.length);
  }
}
