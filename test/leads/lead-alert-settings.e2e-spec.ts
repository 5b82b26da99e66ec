import request from 'supertest';
import { bearer, createVendor } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';

/** docs/contract.md#speed-to-lead: the lead alert settings of both APIs, their defaults and validation. */
describe('Lead alert settings (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const vendorPath = '/rest-api-v1/lead-alerts';
  const managerPath = (vendorId: number | string) => `/rest-manager-api-v1/vendors/${vendorId}/lead-alerts`;
  const defaultsOf = (email: string) => ({
    email,
    phone: null,
    emailEnabled: true,
    smsEnabled: false,
    reAlertAfterMinutes: 30,
    emailConfirmed: true,
    phoneConfirmed: false,
  });

  it("answers the defaults, with the vendor's own e-mail, to a vendor that never saved any, on both APIs", async () => {
    const { vendor, token } = await createVendor(t.app);
    const own = await request(t.http).get(vendorPath).set(bearer(token));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, data: defaultsOf(vendor.email) });
    const managed = await request(t.http).get(managerPath(vendor.id)).set(t.manager);
    expect(managed.body).toEqual({ success: true, data: defaultsOf(vendor.email) });
  });

  it('stores what the vendor puts with the phone normalized, and a manager reads and replaces the same settings', async () => {
    const { vendor, token } = await createVendor(t.app);
    const body = {
      email: 'dispatch@acme.example',
      phone: '+1 (416) 555-0142',
      emailEnabled: false,
      smsEnabled: true,
      reAlertAfterMinutes: 1440,
    };
    const put = await request(t.http).put(vendorPath).set(bearer(token)).send(body);
    expect(put.status).toBe(200);
    // A new e-mail and phone are used once their codes are entered (lead-alert-confirmation.e2e-spec.ts).
    expect(put.body).toEqual({
      success: true,
      data: { ...body, phone: '416-555-0142', emailConfirmed: false, phoneConfirmed: false },
    });
    expect((await request(t.http).get(managerPath(vendor.id)).set(t.manager)).body.data).toEqual(put.body.data);

    // A property left out takes its default: PUT replaces the whole settings, e-mail included.
    const byManager = await request(t.http).put(managerPath(vendor.id)).set(t.manager).send({ reAlertAfterMinutes: 0 });
    expect(byManager.status).toBe(200);
    expect(byManager.body.data).toEqual({ ...defaultsOf(vendor.email), reAlertAfterMinutes: 0 });
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(byManager.body.data);
  });

  it("follows the vendor's account e-mail while none of its own is set", async () => {
    const { vendor, token } = await createVendor(t.app);
    await request(t.http).put(vendorPath).set(bearer(token)).send({ email: null, reAlertAfterMinutes: 5 }).expect(200);
    await request(t.http)
      .patch(`/rest-manager-api-v1/vendors/${vendor.id}`)
      .set(t.manager)
      .send({ email: 'new-address@acme.example' })
      .expect(200);
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual({
      ...defaultsOf('new-address@acme.example'),
      reAlertAfterMinutes: 5,
    });
  });

  it.each([
    ['SMS without a phone', { smsEnabled: true }, 'phone', /smsEnabled needs a phone/],
    ['SMS with a null phone', { smsEnabled: true, phone: null }, 'phone', /smsEnabled needs a phone/],
    ['a phone that is not North American', { phone: '12345' }, 'phone', /North American phone number/],
    ['an e-mail that is not one', { email: 'dispatch' }, 'email', /email/],
    ['a re-alert under 0', { reAlertAfterMinutes: -1 }, 'reAlertAfterMinutes', /must not be less than 0/],
    ['a re-alert over 1440', { reAlertAfterMinutes: 1441 }, 'reAlertAfterMinutes', /must not be greater than 1440/],
    ['a fractional re-alert', { reAlertAfterMinutes: 2.5 }, 'reAlertAfterMinutes', /integer/],
    ['a null switch', { emailEnabled: null }, 'emailEnabled', /boolean/],
    ['an unknown property', { pushEnabled: true }, 'pushEnabled', /should not exist/],
  ])('refuses %s with a 400 naming the field, and keeps what was stored', async (_case, body, field, message) => {
    const { vendor, token } = await createVendor(t.app);
    const res = await request(t.http).put(vendorPath).set(bearer(token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String), details: expect.any(Array) });
    expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(defaultsOf(vendor.email));
  });

  it('answers 404 for an unknown vendor and 400 for a malformed id on the manager API', async () => {
    const missing = await request(t.http).get(managerPath(2_000_000_000)).set(t.manager);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Vendor 2000000000 was not found.' });
    const put = await request(t.http).put(managerPath(2_000_000_000)).set(t.manager).send({});
    expect(put.status).toBe(404);
    expect((await request(t.http).get(managerPath('1e3')).set(t.manager)).status).toBe(400);
  });

  it('admits only the right token on each API', async () => {
    const { vendor, token } = await createVendor(t.app);
    expect((await request(t.http).get(vendorPath)).status).toBe(401);
    expect((await request(t.http).get(vendorPath).set(t.manager)).status).toBe(403);
    expect((await request(t.http).get(managerPath(vendor.id)).set(bearer(token))).status).toBe(403);
  });
});
