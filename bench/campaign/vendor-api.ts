// The calls a vendor system makes in a campaign benchmark: authenticated JSON calls, a vendor with
// every feature on and no quiet hours, and a campaign of review requests (e-mail and SMS each).
import { randomUUID } from 'node:crypto';
import { MANAGER_API_PREFIX, VENDOR_API_PREFIX } from '../../src/auth/decorators/access.decorators';

/** The envelope's data, where a call needs a field of it. */
export interface Answer {
  data?: { id?: number; token?: string };
}

/** One call to the API: its status and milliseconds. */
export async function call(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number; body: Answer }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = (await res.json().catch(() => ({}))) as Answer;
  return { status: res.status, ms: performance.now() - started, body };
}

export const json = (token: string, method: string, body?: unknown, key?: string): RequestInit => ({
  method,
  headers: {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    ...(key && { 'Idempotency-Key': key }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** A vendor with every feature on and no quiet hours, made through the server at `url`; answers its token. */
export async function campaignVendor(url: string, manager: string, name: string): Promise<string> {
  const manage = (path: string, method: string, body?: unknown) =>
    call(`${url}/${MANAGER_API_PREFIX}${path}`, json(manager, method, body));
  const created = await manage('/vendors', 'POST', {
    vendorName: name,
    email: `${randomUUID().slice(0, 8)}@vendor.example`,
    cityName: 'Toronto',
    provinceName: 'Ontario',
  });
  const id = created.body.data?.id;
  if (id === undefined) throw new Error(`vendor not created: ${created.status}`);
  await manage(`/vendors/${id}/features`, 'PATCH', {
    enableStandaloneReviewBooster: true,
    enableFullRMS: true,
    enableStandaloneFeedbackBooster: true,
  });
  const token = (await manage(`/vendors/${id}/api-token`, 'POST')).body.data?.token;
  if (token === undefined) throw new Error('no API token issued');
  const quiet = await call(
    `${url}/${VENDOR_API_PREFIX}/automation-settings`,
    json(token, 'PATCH', { quietHoursStart: null, quietHoursEnd: null }),
  );
  if (quiet.status !== 200) throw new Error(`automation settings: ${quiet.status}`);
  return token;
}

/** Ontario's area codes: with 10,000 lines each, every customer of a campaign has a phone of their own. */
const AREA_CODES = ['416', '647', '437', '905', '289', '365', '613', '343', '519', '226'];

/** Customer `i` of a campaign: an e-mail and a phone of their own. */
export function customer(i: number): { emailTo: string; phone: string } {
  const line = String(i % 10_000).padStart(4, '0');
  const area = AREA_CODES[Math.floor(i / 10_000) % AREA_CODES.length];
  return { emailTo: `c${i}@customer.example`, phone: `+1 ${area} 555 ${line}` };
}

/**
 * Review requests to customers `from` to `to` (exclusive) from `clients` concurrent callers, each with an
 * Idempotency-Key; a 5xx is retried, as a vendor system would. Answers the accepted (201) count and seconds.
 */
export async function sendCampaign(
  url: string,
  token: string,
  range: { from: number; to: number },
  clients: number,
): Promise<{ accepted: number; s: number }> {
  let next = range.from;
  let accepted = 0;
  const started = performance.now();
  const client = async () => {
    for (let i = next++; i < range.to; i = next++) {
      const request = json(token, 'POST', { firstName: 'Sam', ...customer(i) }, `campaign-${i}`);
      let answer = await call(`${url}/${VENDOR_API_PREFIX}/review-requests`, request);
      for (let retry = 0; answer.status >= 500 && retry < 3; retry++)
        answer = await call(`${url}/${VENDOR_API_PREFIX}/review-requests`, request);
      if (answer.status === 201) accepted += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, () => client()));
  return { accepted, s: (performance.now() - started) / 1000 };
}
