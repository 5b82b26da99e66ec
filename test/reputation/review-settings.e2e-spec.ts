import request from 'supertest';
import { ReviewSettingsService } from '../../src/review-settings/review-settings.service';
import { createVendor } from '../support/factories';
import { expectError, failedFields } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { FULL, location, reviewSettingsPath as path } from '../support/review-settings-api';

const DEFAULTS = {
  googleReviewEnabled: false,
  facebookReviewEnabled: false,
  bbbReviewEnabled: false,
  otherReviewEnabled: false,
  otherReviewSiteName: '',
  customSMSMessage: '',
  customEmailMessage: '',
  customSMSMessageFr: '',
  customEmailMessageFr: '',
  primaryGoogleReviewLabel: '',
  primaryGoogleReviewLabelFr: '',
  reviewLocations: [],
  googleReviewUrl: null,
  facebookReviewUrl: null,
  bbbReviewUrl: null,
  otherReviewUrl: null,
  customSMSMessageSize: null,
  customSMSMessageFrSize: null,
};

describe('Manager API: review settings (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const get = (vendorId: number) => request(t.http).get(path(vendorId)).set(t.manager);
  const put = (vendorId: number, body: object) => request(t.http).put(path(vendorId)).set(t.manager).send(body);

  it('gives a vendor that never saved any the defaults, with a stable id', async () => {
    const { vendor } = await createVendor(t.app);
    const first = await get(vendor.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { id: expect.any(Number), ...DEFAULTS } });
    expect((await get(vendor.id)).body.data.id).toBe(first.body.data.id);
  });

  it('replaces the whole settings and answers them as stored', async () => {
    const { vendor } = await createVendor(t.app);
    const saved = await put(vendor.id, FULL);
    expect(saved.status).toBe(200);
    const expected = {
      id: expect.any(Number),
      ...FULL,
      reviewLocations: FULL.reviewLocations.map((l) => ({ id: expect.any(Number), ...l })),
      customSMSMessageSize: { encoding: 'GSM-7', segments: 1 },
      customSMSMessageFrSize: { encoding: 'GSM-7', segments: 2 },
    };
    expect(saved.body).toEqual({ success: true, data: expected });
    expect((await get(vendor.id)).body.data).toEqual(saved.body.data);

    // What a replacement leaves out goes back to its default.
    const reset = await put(vendor.id, {
      googleReviewEnabled: false,
      facebookReviewEnabled: false,
      bbbReviewEnabled: true,
      otherReviewEnabled: false,
    });
    expect(reset.body.data).toEqual({ ...DEFAULTS, id: saved.body.data.id, bbbReviewEnabled: true });
  });

  it('keeps the ids of locations sent back with their id, drops the others and adds new ones', async () => {
    const { vendor } = await createVendor(t.app);
    const first = (await put(vendor.id, { ...FULL, reviewLocations: [location(1), location(2), location(3)] })).body
      .data;
    const [one, two, three] = first.reviewLocations as { id: number }[];

    // Sending the GET answer back unchanged (its read-only id included) changes nothing.
    expect((await put(vendor.id, first)).body.data).toEqual(first);

    const renamed = { ...three, label: 'Renamed' };
    const next = await put(vendor.id, { ...FULL, reviewLocations: [renamed, location(4), one] });
    expect(next.status).toBe(200);
    expect(next.body.data.reviewLocations).toEqual([
      { ...renamed },
      { id: expect.any(Number), ...location(4) },
      { ...one },
    ]);
    const ids = (next.body.data.reviewLocations as { id: number }[]).map((l) => l.id);
    expect(ids).not.toContain(two.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a location id that is not one of this vendor’s, and changes nothing', async () => {
    const { vendor: other } = await createVendor(t.app);
    const [foreign] = (await put(other.id, { ...FULL, reviewLocations: [location(1)] })).body.data.reviewLocations;
    const { vendor } = await createVendor(t.app);
    const before = (await put(vendor.id, { ...FULL, reviewLocations: [location(7)] })).body.data;

    const res = await put(vendor.id, { ...FULL, reviewLocations: [{ ...location(8), id: foreign.id }] });
    expectError(res, 400, new RegExp(`Review location ${foreign.id} is not one of this vendor's review locations`));
    expect((await get(vendor.id)).body.data).toEqual(before);
    expect((await get(other.id)).body.data.reviewLocations).toEqual([foreign]);

    const [mine] = before.reviewLocations;
    expectError(
      await put(vendor.id, { ...FULL, reviewLocations: [mine, { ...mine, label: 'Renamed' }] }),
      400,
      /only once/,
    );
  });

  it('accepts 5 locations and refuses 6 with 400', async () => {
    const { vendor } = await createVendor(t.app);
    const five = [1, 2, 3, 4, 5].map(location);
    expect((await put(vendor.id, { ...FULL, reviewLocations: five })).body.data.reviewLocations).toHaveLength(5);
    const res = await put(vendor.id, { ...FULL, reviewLocations: [...five, location(6)] });
    expectError(res, 400, /reviewLocations must contain no more than 5 elements/);
    expect((await get(vendor.id)).body.data.reviewLocations).toHaveLength(5);
  });

  it.each([
    ['a missing switch', { ...FULL, googleReviewEnabled: undefined }, 'googleReviewEnabled'],
    ['a switch that is not a boolean', { ...FULL, bbbReviewEnabled: 'yes' }, 'bbbReviewEnabled'],
    ['a null text', { ...FULL, customSMSMessage: null }, 'customSMSMessage'],
    ['an SMS over 500 characters', { ...FULL, customSMSMessage: 'x'.repeat(501) }, 'customSMSMessage'],
    ['an email over 5000 characters', { ...FULL, customEmailMessage: 'x'.repeat(5001) }, 'customEmailMessage'],
    ['a site name over 100 characters', { ...FULL, otherReviewSiteName: 'x'.repeat(101) }, 'otherReviewSiteName'],
    [
      'a French label over 100 characters',
      { ...FULL, primaryGoogleReviewLabelFr: 'x'.repeat(101) },
      'primaryGoogleReviewLabelFr',
    ],
    [
      'a location’s French label over 100 characters',
      { ...FULL, reviewLocations: [{ ...location(1), labelFr: 'x'.repeat(101) }] },
      'reviewLocations.0.labelFr',
    ],
    [
      'an http Google URL',
      { ...FULL, reviewLocations: [{ label: 'A', googleUrl: 'http://g.page/r/x' }] },
      'reviewLocations.0.googleUrl',
    ],
    [
      'a location URL off Google',
      { ...FULL, reviewLocations: [{ label: 'A', googleUrl: 'https://evil.example/google.com' }] },
      'reviewLocations.0.googleUrl',
    ],
    [
      'a look-alike Google host',
      { ...FULL, reviewLocations: [{ label: 'A', googleUrl: 'https://google.com.evil.io/x' }] },
      'reviewLocations.0.googleUrl',
    ],
    [
      'a URL with credentials',
      { ...FULL, reviewLocations: [{ label: 'A', googleUrl: 'https://me:pw@g.page/r/x' }] },
      'reviewLocations.0.googleUrl',
    ],
    [
      'not a URL',
      { ...FULL, reviewLocations: [{ label: 'A', googleUrl: 'g.page/r/x' }] },
      'reviewLocations.0.googleUrl',
    ],
    [
      'a blank label',
      { ...FULL, reviewLocations: [{ label: '  ', googleUrl: 'https://g.page/r/x' }] },
      'reviewLocations.0.label',
    ],
    [
      'a label over 100 characters',
      { ...FULL, reviewLocations: [{ label: 'x'.repeat(101), googleUrl: 'https://g.page/r/x' }] },
      'reviewLocations.0.label',
    ],
    ['reviewLocations that is not a list', { ...FULL, reviewLocations: { label: 'A' } }, 'reviewLocations'],
    ['a javascript: other URL', { ...FULL, otherReviewUrl: 'javascript:alert(1)' }, 'otherReviewUrl'],
    ['a Facebook URL off Facebook', { ...FULL, facebookReviewUrl: 'https://www.google.com/x' }, 'facebookReviewUrl'],
    ['a BBB URL off bbb.org', { ...FULL, bbbReviewUrl: 'https://bbb.org.example.com/x' }, 'bbbReviewUrl'],
    ['an unknown property', { ...FULL, yelpReviewEnabled: true }, 'yelpReviewEnabled'],
  ])('refuses %s with 400 and keeps what was stored', async (_case, body, field) => {
    const { vendor } = await createVendor(t.app);
    const before = (await put(vendor.id, FULL)).body.data;
    const res = await put(vendor.id, body);
    expectError(res, 400, /^Invalid request: /);
    expect(failedFields(res)).toContain(field);
    expect((await get(vendor.id)).body.data).toEqual(before);
  });

  // Customers are redirected to these links: never to a host on their own machine or network.
  const INTERNAL_TARGETS = [
    'https://127.0.0.1/reviews',
    'https://127.1/',
    'https://2130706433/', // 127.0.0.1 written as one decimal number, as a browser reads it
    'https://0x7f000001/',
    'https://0177.0.0.1/',
    'https://[::1]/',
    'https://[0:0:0:0:0:0:0:1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/', // 169.254.169.254, IPv4-mapped
    'https://localhost/',
    'https://LOCALHOST./',
    'https://admin.localhost/',
    'https://intranet/',
    'https://printer.local/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.5/',
    'https://172.16.3.4/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://0/',
    'https://[::]/',
    'https://[fe80::1]/',
    'https://[fd00::1]/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://240.0.0.1/',
    'https://192.0.2.1/',
    'https://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'https://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
  ];

  it.each(INTERNAL_TARGETS)('refuses the other review URL %s with 400 and keeps what was stored', async (url) => {
    const { vendor } = await createVendor(t.app);
    const before = (await put(vendor.id, FULL)).body.data;
    const res = await put(vendor.id, { ...FULL, otherReviewUrl: url });
    expectError(res, 400, /^Invalid request: otherReviewUrl must be an https URL of a public web site\.$/);
    expect((await get(vendor.id)).body.data).toEqual(before);
  });

  describe('custom SMS texts, measured as the customer receives them', () => {
    const COTE = 'Rénovations Côté & Fils Québec';
    /** Fits four UCS-2 parts with this vendor's name, a 20-character first name and the link. */
    const FITS_FR =
      'Bonjour {firstName}, ici {vendorName}. Merci d’avoir choisi notre équipe! ' +
      'Votre avis aide vos voisins à nous trouver. Auriez-vous une minute? {link}';

    it('answers each text’s size with the vendor’s own name, per language', async () => {
      const { vendor } = await createVendor(t.app, { vendorName: COTE });
      const saved = await put(vendor.id, { ...FULL, customSMSMessageFr: FITS_FR });
      expect(saved.status).toBe(200);
      // The English text is UCS-2 too: the vendor's name, as spelled, is in every text.
      expect(saved.body.data).toMatchObject({
        customSMSMessageSize: { encoding: 'UCS-2', segments: 3 },
        customSMSMessageFrSize: { encoding: 'UCS-2', segments: 4 },
      });
      expect((await get(vendor.id)).body.data.customSMSMessageFrSize).toEqual({ encoding: 'UCS-2', segments: 4 });
    });

    it('refuses a text that cannot fit four parts with the vendor’s name, saying its size, and changes nothing', async () => {
      const { vendor } = await createVendor(t.app, { vendorName: COTE });
      await put(vendor.id, FULL);
      const tooLong = `${FITS_FR} Au plaisir de vous revoir pour vos prochains travaux!`;
      const refused = await put(vendor.id, { ...FULL, customSMSMessageFr: tooLong });
      expectError(refused, 400, /customSMSMessageFr/);
      expect(failedFields(refused)).toEqual(['customSMSMessageFr']);
      expect(refused.body.details[0].message).toMatch(
        /^customSMSMessageFr takes 5 SMS segments in UCS-2 with the vendor's name .*; at most 4 are sent/,
      );
      expect((await get(vendor.id)).body.data.customSMSMessageFr).toBe(FULL.customSMSMessageFr);
      // The same text fits for a vendor whose name keeps it in GSM-7.
      const { vendor: plain } = await createVendor(t.app, { vendorName: 'Renovations Cote' });
      const accepted = await put(plain.id, { ...FULL, customSMSMessageFr: tooLong });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.customSMSMessageFrSize).toEqual({ encoding: 'GSM-7', segments: 2 });
    });
  });

  it('runs concurrent replacements one after the other, leaving one whole version', async () => {
    const { vendor } = await createVendor(t.app);
    const versions = [1, 2, 3, 4].map((n) => ({
      ...FULL,
      primaryGoogleReviewLabel: `Version ${n}`,
      reviewLocations: [location(n * 10), location(n * 10 + 1)],
    }));
    const results = await Promise.all(versions.map((body) => put(vendor.id, body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const stored = (await get(vendor.id)).body.data;
    const winner = versions.find((v) => v.primaryGoogleReviewLabel === stored.primaryGoogleReviewLabel)!;
    expect(
      stored.reviewLocations.map(
        ({ label, labelFr, googleUrl }: { label: string; labelFr: string; googleUrl: string }) => ({
          label,
          labelFr,
          googleUrl,
        }),
      ),
    ).toEqual(winner.reviewLocations);
  });

  it('answers an unknown vendor with 404 and a bad vendor id with 400', async () => {
    expectError(await get(2147483000), 404, /Vendor 2147483000 was not found/);
    expectError(await put(2147483000, FULL), 404, /Vendor 2147483000 was not found/);
    expectError(await request(t.http).get(path(0)).set(t.manager), 400, /vendorId/);
  });

  it('gives other modules the stored settings through ReviewSettingsService.getForVendor', async () => {
    const { vendor } = await createVendor(t.app);
    await put(vendor.id, FULL);
    const settings = await t.app.get(ReviewSettingsService).getForVendor(vendor.id);
    expect(settings).toEqual(
      expect.objectContaining({
        vendorId: vendor.id,
        googleReviewUrl: FULL.googleReviewUrl,
        otherReviewUrl: FULL.otherReviewUrl,
      }),
    );
    expect(settings.reviewLocations.map((l) => l.label)).toEqual(FULL.reviewLocations.map((l) => l.label));
  });
});
