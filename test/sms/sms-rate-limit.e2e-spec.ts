import request from 'supertest';
import { repeat } from '../support/rate-limit';
import { SHARED_SENDER, e164, providerSignature, text, useSmsTestBed } from '../support/sms-inbound';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(120_000);

// The spec's anonymous limit, which the rest of the suite raises (test/support/env.ts).
const sms = useSmsTestBed('sms_rate_limit', { RATE_LIMIT_MAX: '250', RATE_LIMIT_WINDOW_MS: '300000' });
const PHONE = '514-555-7301';

describe('The provider’s webhook and the per-IP limit (e2e)', () => {
  it('records a signed STOP sent after 300 page hits from the same address; unsigned and forged calls are still refused', async () => {
    const pages = await repeat(300, () => request(sms.bed.t.http).get('/r/no-such-link-0123456789'));
    expect(pages.filter((page) => page.status === 429)).toHaveLength(50);

    const unsigned = await text(sms.bed.t.http, e164(PHONE), 'STOP', { signature: null });
    expect(unsigned.status).toBe(429);
    const forged = await text(sms.bed.t.http, e164(PHONE), 'STOP', {
      signature: providerSignature([['Body', 'STOP']]),
    });
    expect(forged.status).toBe(429);

    const signed = await text(sms.bed.t.http, e164(PHONE), 'STOP', { to: SHARED_SENDER });
    expect(signed.status).toBe(200);
    expect(signed.text).toContain('<Response');
    // Every vendor's request to that phone alone is now the opt-out 409.
    const vendor = await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    await request(sms.bed.t.http)
      .post(`${V}/review-requests`)
      .set(vendor.auth)
      .send({ firstName: 'Sam', phone: PHONE })
      .expect(409);
    // The signed call did not make the address's own count any worse or better: pages are still refused.
    await request(sms.bed.t.http).get('/r/no-such-link-0123456789').expect(429);
  });
});
