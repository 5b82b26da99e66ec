import request from 'supertest';
import { expectError, failedFields } from '../support/envelope-assertions';
import { createVendor, uniqueTag } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';

/** A vendor's name is the sender customers see: nothing in it may forge a header, reorder text or pose as an address. */
describe('Manager API: vendor display names (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());
  const named = async (vendorName: string) => (await createVendor(t.app, { vendorName })).vendor;

  describe('display names', () => {
    it.each([
      ['a line break', 'Maple\r\nBcc: victim@example.com'],
      ['a right-to-left override', 'Maple \u202Egnp.exe'],
      ['a bidirectional isolate', 'Maple \u2067Co\u2069'],
      ['an address beside the name', 'Bank Support <support@bank.example>'],
    ])('refuse %s in vendorName, on creation and on change', async (_case, vendorName) => {
      const created = await request(t.http)
        .post('/rest-manager-api-v1/vendors')
        .set(t.manager)
        .send({ vendorName, email: `${uniqueTag()}@maple.example`, cityName: 'Toronto', provinceName: 'Ontario' });
      expectError(created, 400, /^Invalid request: /);
      expect(failedFields(created)).toEqual(['vendorName']);
      const vendor = await named(`Plain ${uniqueTag()}`);
      const changed = await request(t.http)
        .patch(`/rest-manager-api-v1/vendors/${vendor.id}`)
        .set(t.manager)
        .send({ vendorName });
      expectError(changed, 400, /^Invalid request: /);
      expect(failedFields(changed)).toEqual(['vendorName']);
    });
  });
});
