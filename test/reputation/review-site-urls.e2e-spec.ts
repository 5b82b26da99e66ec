import request from 'supertest';
import { createVendor } from '../support/factories';
import { expectError, failedFields } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { FULL, reviewSettingsPath } from '../support/review-settings-api';

/** Which hosts a review site's URL may name: Google's domains for Google, any public host for the other site. */
describe('Manager API: review site URLs (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const put = (vendorId: number, body: object) =>
    request(t.http).put(reviewSettingsPath(vendorId)).set(t.manager).send(body);

  it('accepts an other review URL on a public host, by name or by public IP address', async () => {
    const { vendor } = await createVendor(t.app);
    for (const url of ['https://homestars.com/x', 'https://93.184.216.34/x', 'https://[2606:4700::1111]/x']) {
      const res = await put(vendor.id, { ...FULL, otherReviewUrl: url });
      expect({ url, status: res.status, stored: res.body.data?.otherReviewUrl }).toEqual({
        url,
        status: 200,
        stored: url,
      });
    }
  });

  it.each([
    'https://google.tk/maps',
    'https://www.google.co.zz/maps',
    'https://google.zz/',
    'https://google.com.zz/',
    'https://google.co.xx/',
    'https://google.local/',
    'https://127.0.0.1/google.com',
  ])('refuses %s as a Google URL (not one of Google’s domains)', async (url) => {
    const { vendor } = await createVendor(t.app);
    const primary = await put(vendor.id, { ...FULL, googleReviewUrl: url });
    expectError(primary, 400, /^Invalid request: googleReviewUrl must be an https URL of Google\.$/);
    const location = await put(vendor.id, { ...FULL, reviewLocations: [{ label: 'A', googleUrl: url }] });
    expect(failedFields(location)).toEqual(['reviewLocations.0.googleUrl']);
  });

  it('accepts Google URLs on google.com and its country domains', async () => {
    const { vendor } = await createVendor(t.app);
    for (const host of [
      'www.google.com',
      'google.de',
      'www.google.co.uk',
      'google.com.au',
      'maps.google.ca',
      'google.co.jp',
      'www.google.com.br',
      'google.cat',
    ]) {
      const url = `https://${host}/maps/place/x`;
      const res = await put(vendor.id, { ...FULL, googleReviewUrl: url });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });
});
