import request from 'supertest';
import { createVendor } from '../support/factories';
import { expectError, failedFields } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { stopClock } from '../support/automation';

const SEEDED_KINDS = [
  'Certificate of general liability insurance',
  'WSIB clearance certificate',
  'Municipal business licence',
  'Trade licence or certificate of qualification',
  'Criminal background check',
  'GST/HST registration',
];

/** The app's time in these tests: noon in Toronto, where validity is decided (DOCUMENTS_TIME_ZONE's default). */
const NOW = '2027-01-14T17:00:00Z';

/** A calendar day relative to NOW's day in Toronto. */
function day(offsetDays: number): string {
  const at = new Date(Date.parse(NOW) + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(at);
}

describe('Manager API: required documents (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());
  let moveClock: (iso: string) => void;
  beforeEach(() => (moveClock = stopClock(t.app, NOW)));
  afterEach(() => jest.restoreAllMocks());

  const list = (vendorId: number) =>
    request(t.http).get(`/rest-manager-api-v1/vendors/${vendorId}/required-docs`).set(t.manager);
  const record = (vendorId: number, docId: number | string, body: object) =>
    request(t.http).put(`/rest-manager-api-v1/vendors/${vendorId}/required-docs/${docId}`).set(t.manager).send(body);

  it('lists the seeded document kinds', async () => {
    const res = await request(t.http).get('/rest-manager-api-v1/required-doc-types').set(t.manager);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: SEEDED_KINDS.map((requiredDocName, i) => ({ requiredDocId: i + 1, requiredDocName })),
    });
  });

  it('shows a new vendor every kind, nothing received and nothing valid', async () => {
    const { vendor } = await createVendor(t.app);
    const res = await list(vendor.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: SEEDED_KINDS.map((requiredDocName, i) => ({
        requiredDocId: i + 1,
        requiredDocName,
        dateReceived: null,
        expiryDate: null,
        valid: false,
      })),
    });
  });

  it('records dates and computes validity as of today', async () => {
    const { vendor } = await createVendor(t.app);
    const cases: [number, object, boolean][] = [
      [1, { dateReceived: day(-30), expiryDate: day(0) }, true], // expires today: still valid
      [2, { dateReceived: day(-30), expiryDate: day(-1) }, false], // expired yesterday
      [3, { dateReceived: day(-400) }, true], // no expiry
      [4, { expiryDate: day(300) }, false], // expiry known, not received
      [5, { dateReceived: '2024-02-29', expiryDate: '2099-12-31' }, true],
    ];
    for (const [docId, body, valid] of cases) {
      const res = await record(vendor.id, docId, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          requiredDocId: docId,
          requiredDocName: SEEDED_KINDS[docId - 1],
          dateReceived: null,
          expiryDate: null,
          ...body,
          valid,
        },
      });
    }
    const listed = (await list(vendor.id)).body.data as { requiredDocId: number; valid: boolean }[];
    expect(listed.map((d) => d.valid)).toEqual([true, false, true, false, true, false]);
    expect(listed[0]).toEqual(expect.objectContaining({ dateReceived: day(-30), expiryDate: day(0) }));
  });

  it('keeps a document valid through its expiry day in Toronto, not in UTC, and expired from the next midnight', async () => {
    const { vendor } = await createVendor(t.app);
    const validNow = async () => ((await list(vendor.id)).body.data as { valid: boolean }[])[0].valid;
    await record(vendor.id, 1, { dateReceived: '2026-06-01', expiryDate: '2027-01-14' }).expect(200);
    moveClock('2027-01-15T04:59:00Z'); // 23:59 on the 14th in Toronto, already the 15th in UTC
    expect(await validNow()).toBe(true);
    moveClock('2027-01-15T05:00:00Z'); // midnight in Toronto
    expect(await validNow()).toBe(false);
  });

  it('replaces what was recorded: a date left out or null is cleared', async () => {
    const { vendor } = await createVendor(t.app);
    await record(vendor.id, 2, { dateReceived: '2026-01-05', expiryDate: '2027-01-05' }).expect(200);
    const renewed = await record(vendor.id, 2, { dateReceived: '2026-01-05' });
    expect(renewed.body.data).toEqual(
      expect.objectContaining({ dateReceived: '2026-01-05', expiryDate: null, valid: true }),
    );
    const cleared = await record(vendor.id, 2, { dateReceived: null });
    expect(cleared.body.data).toEqual(expect.objectContaining({ dateReceived: null, expiryDate: null, valid: false }));
  });

  it('keeps each vendor’s documents to itself', async () => {
    const { vendor: a } = await createVendor(t.app);
    const { vendor: b } = await createVendor(t.app);
    await record(a.id, 1, { dateReceived: '2026-03-01' }).expect(200);
    expect((await list(b.id)).body.data[0]).toEqual(expect.objectContaining({ dateReceived: null, valid: false }));
  });

  it.each([
    [{ dateReceived: '2026-02-30' }, 'dateReceived'],
    [{ dateReceived: '2025-02-29' }, 'dateReceived'],
    [{ expiryDate: '2026-13-01' }, 'expiryDate'],
    [{ expiryDate: '2026-1-5' }, 'expiryDate'],
    [{ dateReceived: '2026-03-01T00:00:00Z' }, 'dateReceived'],
    [{ dateReceived: '0099-01-01' }, 'dateReceived'],
    [{ dateReceived: 20260301 }, 'dateReceived'],
    [{ dateReceived: '2026-03-01', valid: true }, 'valid'],
  ])('refuses %j with 400', async (body, field) => {
    const { vendor } = await createVendor(t.app);
    const res = await record(vendor.id, 1, body);
    expectError(res, 400, /^Invalid request: /);
    expect(failedFields(res)).toEqual([field]);
  });

  it('refuses an expiry before the date received with 400 and keeps what was recorded', async () => {
    const { vendor } = await createVendor(t.app);
    await record(vendor.id, 1, { dateReceived: '2026-03-01', expiryDate: '2027-03-01' }).expect(200);
    expectError(
      await record(vendor.id, 1, { dateReceived: '2026-03-01', expiryDate: '2026-02-28' }),
      400,
      /expiryDate must not be before dateReceived/,
    );
    expect((await list(vendor.id)).body.data[0]).toEqual(
      expect.objectContaining({ dateReceived: '2026-03-01', expiryDate: '2027-03-01' }),
    );
  });

  it('answers an unknown document kind or vendor with 404, and bad ids with 400', async () => {
    const { vendor } = await createVendor(t.app);
    expectError(
      await record(vendor.id, 999, { dateReceived: '2026-03-01' }),
      404,
      /Required document 999 was not found/,
    );
    expectError(await record(2147483000, 1, { dateReceived: '2026-03-01' }), 404, /Vendor 2147483000 was not found/);
    expectError(await list(2147483000), 404, /Vendor 2147483000 was not found/);
    expectError(await record(vendor.id, 'abc', {}), 400, /requiredDocId/);
  });
});
