import request from 'supertest';
import { createVendor } from '../support/factories';
import { expectError, failedFields } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { FULL, location, reviewSettingsPath as path } from '../support/review-settings-api';

describe('Manager API: review settings (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const get = (vendorId: number) => request(t.http).get(path(vendorId)).set(t.manager);
  const put = (vendorId: number, body: object) => request(t.http).put(path(vendorId)).set(t.manager).send(body);

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
});
