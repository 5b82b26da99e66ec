// The write baseline of bench:campaign: the rows a review request must write (the process with its KPI
// event, the request, the e-mail's and the text's outbox rows, the event of the feed) in one transaction,
// with the service's own statements, through a bare `pg` pool. No idempotency key, no consent, no
// opt-out check, no rendering (each message a fixed text with the link), no delivery.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { queryConfig } from '../src/database/statement';
import { EVENT_SQL } from '../src/events/events.sql';
import { NOTIFICATION_SQL } from '../src/notifications/notifications.sql';
import { ProcessOrigin, JourneyStep } from '../src/reputation/entities/reputation-process.entity';
import { ReputationEventType } from '../src/reputation/entities/reputation-event.entity';
import { newLinkToken } from '../src/reputation/reputation-links';
import { REPUTATION_SQL } from '../src/reputation/reputation.sql';
import { REVIEW_REQUEST_SQL } from '../src/review-requests/review-requests.sql';

export interface ReviewRequestBody {
  firstName: string;
  emailTo: string;
  phone: string;
}

/** +1 416 555 0001 as the service stores it: 416-555-0001. */
const storedPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** Writes the review request's rows in one transaction; answers the request as stored. */
export async function writeReviewRequest(pool: Pool, vendorId: number, body: ReviewRequestBody): Promise<unknown> {
  const email = body.emailTo.toLowerCase();
  const phone = storedPhone(body.phone);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const run = async <T>(statement: { sql: string; parameters: unknown[]; prepare?: boolean }) =>
      (await client.query(queryConfig(statement))).rows as T[];
    const [process] = await run<{ id: number; token: string }>(
      REPUTATION_SQL.insertProcess.bind({
        vendorId,
        token: newLinkToken(),
        origin: ProcessOrigin.ReviewRequest,
        step: JourneyStep.ReviewQuestion,
        firstName: body.firstName,
        locale: 'en',
        email,
        phone,
        eventType: ReputationEventType.ReviewRequested,
      }),
    );
    const [request] = await run<{ id: number }>(
      REVIEW_REQUEST_SQL.insert.bind({
        vendorId,
        processId: process.id,
        firstName: body.firstName,
        lastName: null,
        email,
        phone,
        leadId: null,
      }),
    );
    const link = `https://reviews.example/p/${process.token}`;
    const message = { vendorId, purpose: 'REVIEW_REQUEST', subjectId: request.id, processId: process.id };
    const none = { sender: null, html: null, fromName: null, replyTo: null, traceParent: null, sendAfter: null };
    const deliveries = [];
    for (const [channel, recipient, subject] of [
      ['EMAIL', email, 'How did we do?'],
      ['SMS', phone, null],
    ] as const) {
      const [queued] = await run(
        NOTIFICATION_SQL.insert.bind({
          ...message,
          ...none,
          channel,
          recipient,
          subject,
          text: `Hi ${body.firstName}, how did we do? ${link}`,
          unsubscribeUrl: `${link}/unsubscribe`,
          messageKey: randomUUID(),
          delaySeconds: 0,
        }),
      );
      deliveries.push(queued);
    }
    const answer = { id: request.id, processId: process.id, firstName: body.firstName, email, phone, deliveries };
    await run(
      EVENT_SQL.insert.bind({
        vendorId,
        type: 'review_request.created',
        data: JSON.stringify(answer),
        occurredAt: new Date(),
      }),
    );
    await client.query('COMMIT');
    return answer;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
