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
