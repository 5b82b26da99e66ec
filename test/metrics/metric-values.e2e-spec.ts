import request from 'supertest';
import { ScrapeGauges } from '../../src/metrics/scrape-gauges';
import { MANAGER_API, VENDOR_API } from '../support/api-paths';
import { metricValue } from '../support/metric-value';
import { textedBy } from '../support/sms-conversations';
import { e164, text, useSmsTestBed } from '../support/sms-inbound';

jest.setTimeout(120_000);

const LIMIT = 5;
const sms = useSmsTestBed('metric_values', { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: '300000' });

const valueOf = (name: string, labels: Record<string, string> = {}): Promise<number> =>
  metricValue(sms.bed.t.app, name, labels);

/** Sends `send` once more than the limit admits; answers how many of them were refused with 429. */
async function overTheLimit(send: () => request.Test): Promise<number> {
  let refused = 0;
  for (let i = 0; i <= LIMIT; i++) if ((await send()).status === 429) refused++;
  return refused;
}

/** `HH:MM` in UTC, `hours` from now. */
const utcClock = (hours: number): string => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);

describe('Metric values (e2e)', () => {
  it("count the provider webhook's texts by kind and its refused signatures", async () => {
    const http = sms.bed.t.http;
    await text(http, e164('416-555-4100'), 'STOP', { signature: null }).expect(403);
    await text(http, e164('416-555-4100'), 'STOP', { signature: 'forged' }).expect(403);
    expect(await valueOf('sms_inbound_signature_refusals_total')).toBe(2);

    const vendor = await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    await textedBy(sms.bed.t, vendor, '416-555-4101');
    await text(http, e164('416-555-4101'), 'Thanks, see you Tuesday').expect(200);
    await text(http, e164('416-555-4102'), 'Who is this?').expect(200);
    await text(http, e164('416-555-4103'), 'STOP').expect(200);
    await text(http, e164('416-555-4103'), 'START').expect(200);
    await text(http, e164('416-555-4104'), 'HELP').expect(200);
    const kinds = ['opt_out', 'opt_in', 'help', 'reply', 'unmatched'];
    const counted = await Promise.all(kinds.map((kind) => valueOf('sms_inbound_texts_total', { kind })));
    expect(Object.fromEntries(kinds.map((kind, i) => [kind, counted[i]]))).toEqual({
      opt_out: 1,
      opt_in: 1,
      help: 1,
      reply: 1,
      unmatched: 1,
    });
  });

  it('count the 429s of each limited surface apart', async () => {
    const http = sms.bed.t.http;
    const vendor = await sms.bed.vendor();
    const refused = {
      vendor: await overTheLimit(() => request(http).get(`${VENDOR_API}/general-leads/filter-counts`).set(vendor.auth)),
      manager: await overTheLimit(() => request(http).get(`${MANAGER_API}/vendors`).set(sms.bed.manager)),
      customer_pages: await overTheLimit(() => request(http).get('/r/no-such-link-0123456789')),
      // The same address as the pages': its count is spent, so the provider's unsigned call is refused.
      sms_webhook: (await text(http, e164('416-555-4105'), 'STOP', { signature: null })).status === 429 ? 1 : 0,
    };
    for (const count of Object.values(refused)) expect(count).toBeGreaterThan(0);
    const counted = Object.fromEntries(
      await Promise.all(
        Object.keys(refused).map(async (surface) => [
          surface,
          await valueOf('http_rate_limited_requests_total', { surface }),
        ]),
      ),
    );
    expect(counted).toEqual(refused);
  });

  it('count texts held by quiet hours apart from those due, and idempotency conflicts', async () => {
    const vendor = await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    await request(sms.bed.t.http)
      .patch(`${VENDOR_API}/automation-settings`)
      .set(vendor.auth)
      .send({ quietHoursStart: utcClock(-1), quietHoursEnd: utcClock(2), timeZone: 'UTC' })
      .expect(200);
    const keyed = { ...vendor.auth, 'Idempotency-Key': 'held-1' };
    await request(sms.bed.t.http)
      .post(`${VENDOR_API}/review-requests`)
      .set(keyed)
      .send({ firstName: 'Sam', phone: '416-555-4106' })
      .expect(201);
    await request(sms.bed.t.http)
      .post(`${VENDOR_API}/review-requests`)
      .set(keyed)
      .send({ firstName: 'Kim', phone: '416-555-4107' })
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));

    await sms.bed.t.app.get(ScrapeGauges).refresh();
    const texts = { channel: 'sms', purpose: 'review_request' };
    expect(await valueOf('outbox_messages_waiting', { ...texts, state: 'quiet_hours' })).toBe(1);
    expect(await valueOf('outbox_messages_waiting', { ...texts, state: 'due' })).toBe(0);
    expect(await valueOf('outbox_oldest_waiting_seconds', { channel: 'sms', state: 'due' })).toBe(0);
    expect(await valueOf('idempotency_conflicts_total', { reason: 'reused' })).toBe(1);
  });
});
