import request from 'supertest';
import { VendorProfile1795650000000 } from '../../migrations/1795650000000-VendorProfile';
import { bearer, createVendor } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';

const EMPTY_PROFILE = {
  mailingAddress: null,
  contactPhone: null,
  contactEmail: null,
  websiteUrl: null,
  smsFromNumber: null,
};

/** docs/contract.md#language: the vendor profile on both APIs, its language from the province, and its validation. */
describe('Vendor profile (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const vendorPath = '/rest-api-v1/profile';
  const managerPath = (vendorId: number | string) => `/rest-manager-api-v1/vendors/${vendorId}/profile`;
  const createByManager = (provinceName: string) =>
    request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(t.manager)
      .send({ vendorName: 'Rénovations Érable', email: 'bureau@erable.example', cityName: 'Laval', provinceName });

  it.each([
    ['Quebec', 'fr'],
    ['Québec', 'fr'],
    ['QC', 'fr'],
    ['qc', 'fr'],
    ['QUÉBEC', 'fr'],
    ['Ontario', 'en'],
    ['New Brunswick', 'en'],
  ])("starts a vendor created in %j with %j, its summary keeping the spec's fields", async (province, locale) => {
    const created = await createByManager(province);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(
      ['activated', 'cityName', 'email', 'id', 'packageType', 'provinceName', 'vendorName'].sort(),
    );
    const profile = await request(t.http).get(managerPath(created.body.data.id)).set(t.manager);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ success: true, data: { defaultLocale: locale, ...EMPTY_PROFILE } });
  });

  it('stores what the vendor puts, normalized, and a manager reads the same profile', async () => {
    const { vendor, token } = await createVendor(t.app);
    const body = {
      defaultLocale: 'fr',
      mailingAddress: ' 1200 rue Sherbrooke O, Montréal QC H3A 1H6 ',
      contactPhone: '+1 (514) 555-0123',
      contactEmail: 'Bonjour@Erable.example',
      websiteUrl: 'https://erable.example/contact',
    };
    const put = await request(t.http).put(vendorPath).set(bearer(token)).send(body);
    expect(put.status).toBe(200);
    const stored = {
      defaultLocale: 'fr',
      mailingAddress: '1200 rue Sherbrooke O, Montréal QC H3A 1H6',
      contactPhone: '514-555-0123',
      contactEmail: 'bonjour@erable.example',
      websiteUrl: 'https://erable.example/contact',
      smsFromNumber: null,
    };
    expect(put.body).toEqual({ success: true, data: stored });
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(stored);
    expect((await request(t.http).get(managerPath(vendor.id)).set(t.manager)).body.data).toEqual(stored);
  });

  it("lets managers alone set the SMS sender number, which the vendor's own PUT keeps", async () => {
    // Not the document's example number, which the fuzzing test may give another vendor first.
    const { vendor, token } = await createVendor(t.app, { provinceName: 'Québec' });
    const byManager = await request(t.http)
      .put(managerPath(vendor.id))
      .set(t.manager)
      .send({ smsFromNumber: '+15145550187', contactPhone: '514-555-0123' });
    expect(byManager.status).toBe(200);
    // Left out, the language is the province's again.
    expect(byManager.body.data).toEqual({
      ...EMPTY_PROFILE,
      defaultLocale: 'fr',
      contactPhone: '514-555-0123',
      smsFromNumber: '+15145550187',
    });

    const refused = await request(t.http).put(vendorPath).set(bearer(token)).send({ smsFromNumber: '+15145550199' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual({
      field: 'smsFromNumber',
      message: expect.stringMatching(/should not exist/),
    });

    // A PUT replaces the profile: what the vendor leaves out is cleared, but the sender number stays.
    const own = await request(t.http).put(vendorPath).set(bearer(token)).send({ defaultLocale: 'en' });
    expect(own.body.data).toEqual({ ...EMPTY_PROFILE, defaultLocale: 'en', smsFromNumber: '+15145550187' });

    const cleared = await request(t.http).put(managerPath(vendor.id)).set(t.manager).send({ smsFromNumber: null });
    expect(cleared.body.data).toEqual({ ...EMPTY_PROFILE, defaultLocale: 'fr' });
  });

  it("refuses another vendor's SMS sender number with 409 and keeps both profiles; a number given up is free", async () => {
    const [first, second] = [await createVendor(t.app), await createVendor(t.app)];
    const setNumber = (vendorId: number, smsFromNumber: string | null) =>
      request(t.http).put(managerPath(vendorId)).set(t.manager).send({ smsFromNumber });
    expect((await setNumber(first.vendor.id, '+14165550177')).status).toBe(200);

    const taken = await setNumber(second.vendor.id, '+14165550177');
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ success: false, error: "The SMS sender number +14165550177 is another vendor's." });
    const kept = await request(t.http).get(managerPath(second.vendor.id)).set(t.manager);
    expect(kept.body.data.smsFromNumber).toBeNull();

    expect((await setNumber(first.vendor.id, null)).status).toBe(200);
    const moved = await setNumber(second.vendor.id, '+14165550177');
    expect(moved.status).toBe(200);
    expect(moved.body.data.smsFromNumber).toBe('+14165550177');
  });

  it.each([
    [
      'a language other than en or fr',
      { defaultLocale: 'de' },
      'defaultLocale',
      /must be one of the following values: en, fr/,
    ],
    ['a null language', { defaultLocale: null }, 'defaultLocale', /must be one of the following values/],
    ['an empty mailing address', { mailingAddress: '  ' }, 'mailingAddress', /must not be blank|should not be empty/],
    ['a mailing address over 300 characters', { mailingAddress: 'x'.repeat(301) }, 'mailingAddress', /300/],
    ['a phone that is not North American', { contactPhone: '12345' }, 'contactPhone', /North American phone number/],
    ['an e-mail that is not one', { contactEmail: 'bonjour' }, 'contactEmail', /email/],
    ['a web site over http', { websiteUrl: 'http://erable.example' }, 'websiteUrl', /https URL/],
    ['a web site on a private address', { websiteUrl: 'https://127.0.0.1/' }, 'websiteUrl', /https URL/],
  ])('refuses %s with a 400 naming the field, and keeps what was stored', async (_case, body, field, message) => {
    const { vendor, token } = await createVendor(t.app);
    const res = await request(t.http).put(vendorPath).set(bearer(token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String), details: expect.any(Array) });
    expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
    const byManager = await request(t.http).put(managerPath(vendor.id)).set(t.manager).send(body);
    expect(byManager.status).toBe(400);
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual({
      defaultLocale: 'en',
      ...EMPTY_PROFILE,
    });
  });

  it.each(['5145550123', '+0145550123', '+1 514 555 0123', '+1234567'])(
    'refuses the sender number %j, not in E.164',
    async (smsFromNumber) => {
      const { vendor } = await createVendor(t.app);
      const res = await request(t.http).put(managerPath(vendor.id)).set(t.manager).send({ smsFromNumber });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field: 'smsFromNumber', message: expect.stringMatching(/E\.164/) });
    },
  );

  it('answers 404 for an unknown vendor and 400 for a malformed id on the manager API', async () => {
    const missing = await request(t.http).get(managerPath(2_000_000_000)).set(t.manager);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Vendor 2000000000 was not found.' });
    expect((await request(t.http).put(managerPath(2_000_000_000)).set(t.manager).send({})).status).toBe(404);
    expect((await request(t.http).get(managerPath('1e3')).set(t.manager)).status).toBe(400);
  });

  it('admits only the right token on each API', async () => {
    const { vendor, token } = await createVendor(t.app);
    expect((await request(t.http).get(vendorPath)).status).toBe(401);
    expect((await request(t.http).get(vendorPath).set(t.manager)).status).toBe(403);
    expect((await request(t.http).get(managerPath(vendor.id)).set(bearer(token))).status).toBe(403);
  });

  it('sets French for the vendors already in Quebec when the migration runs, English for the others', async () => {
    const inQuebec = await createVendor(t.app, { provinceName: ' québec ' });
    const inOntario = await createVendor(t.app, { provinceName: 'ON' });
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const migration = new VendorProfile1795650000000();
      await migration.down(runner);
      await migration.up(runner);
      const rows = await runner.query(
        `SELECT id, default_locale AS "defaultLocale" FROM vendors WHERE id = ANY($1) ORDER BY id`,
        [[inQuebec.vendor.id, inOntario.vendor.id]],
      );
      expect(rows).toEqual([
        { id: inQuebec.vendor.id, defaultLocale: 'fr' },
        { id: inOntario.vendor.id, defaultLocale: 'en' },
      ]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
