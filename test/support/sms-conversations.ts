import request from 'supertest';
import { waitUntil } from './net';
import type { TestApp } from './test-app';
import { type Account } from './own-database-app';
import { VENDOR_API as V } from './api-paths';

/** The id of a new review request by text to `phone`, made through the instance `t`. */
export async function requestReviewByText(
  t: TestApp,
  vendor: Account,
  phone: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const created = await request(t.http)
    .post(`${V}/review-requests`)
    .set(vendor.auth)
    .send({ firstName: 'Sam', phone, ...fields })
    .expect(201);
  return (created.body as { data: { id: number } }).data.id;
}

/** A review request by text to `phone` (with `fields`); answers its process id once the text has left. */
export async function textedBy(
  t: TestApp,
  vendor: Account,
  phone: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const requestId = await requestReviewByText(t, vendor, phone, fields);
  const [{ processId }]: { processId: number }[] = await t.dataSource.query(
    'SELECT process_id AS "processId" FROM review_requests WHERE id = $1',
    [requestId],
  );
  await waitUntil(async () => {
    const rows: unknown[] = await t.dataSource.query(
      `SELECT 1 FROM notification_outbox WHERE process_id = $1 AND channel = 'SMS' AND status = 'SENT'`,
      [processId],
    );
    return rows.length > 0;
  });
  return processId;
}

export interface ConversationMessage {
  id: string;
  direction: string;
  channel: string;
  status: string;
  body: string;
  at: string;
}

/** A process's conversation as its vendor reads it. */
export async function messagesOf(t: TestApp, vendor: Account, processId: number): Promise<ConversationMessage[]> {
  const res = await request(t.http).get(`${V}/reputation-process/${processId}/messages`).set(vendor.auth);
  expect(res.status).toBe(200);
  return (res.body as { data: ConversationMessage[] }).data;
}

/** The customer's texts in a process's conversation. */
export const repliesOf = async (t: TestApp, vendor: Account, processId: number): Promise<string[]> =>
  (await messagesOf(t, vendor, processId)).filter((m) => m.direction === 'inbound').map((m) => m.body);
