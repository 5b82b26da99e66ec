import { randomUUID } from 'node:crypto';
import type { BuiltServer } from '../../test/support/built-server';
import { MANAGER_API_PREFIX, VENDOR_API_PREFIX } from '../../src/auth/decorators/access.decorators';

/** The envelope's data, where a call needs a field of it. */
interface Answer {
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

/** A vendor with every feature on and no quiet hours; answers its token. */
export async function vendor(server: BuiltServer, manager: string, name: string): Promise<string> {
  const manage = (path: string, method: string, body?: unknown) =>
    call(`${server.url}/${MANAGER_API_PREFIX}${path}`, json(manager, method, body));
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
    `${server.url}/${VENDOR_API_PREFIX}/automation-settings`,
    json(token, 'PATCH', { quietHoursStart: null, quietHoursEnd: null }),
  );
  if (quiet.status !== 200) throw new Error(`automation settings: ${quiet.status}`);
  return token;
}
