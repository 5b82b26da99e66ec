import type { EventType } from '../events/event-types';

const lead = {
  id: 1042,
  dateCreated: '2026-11-21T20:01:02.123Z',
  dateModified: '2026-11-21T20:01:02.123Z',
  actionDate: null,
  firstMessageAt: null,
  category: 'Kitchen renovation',
  customerName: 'Jane Homeowner',
  customerEmail: null,
  customerPhone: null,
  customerAddress: null,
  source: 'OPERATOR',
  referredBy: null,
  projectDetailsHtml: '<p>Full kitchen remodel, about 200 sq ft.</p>',
  originalJobDescription: 'We want a new kitchen before the summer.',
  vendorNotificationViewed: false,
  vendorLeadAction: 'NONE',
  declineReason: null,
  postLeadStatus: null,
  postLeadRequiresAction: false,
};
const accepted = {
  ...lead,
  actionDate: '2026-11-21T20:05:00.000Z',
  dateModified: '2026-11-21T20:05:00.000Z',
  customerEmail: 'jane@example.com',
  customerPhone: '416-555-0199',
  customerAddress: '12 Queen St W, Toronto, ON',
  vendorNotificationViewed: true,
  vendorLeadAction: 'ACCEPT',
  postLeadRequiresAction: true,
};
const delivery = {
  channel: 'EMAIL',
  status: 'PENDING',
  attempts: 0,
  lastError: null,
  sentAt: null,
  nextAttemptAt: '2026-11-21T20:01:02.123Z',
};

/** The `data` of each event type, as the service sends it (docs/modules/events-and-webhooks.md and OpenAPI). */
export const EVENT_DATA_EXAMPLES: Record<EventType, object> = {
  'lead.assigned': lead,
  'lead.viewed': { ...lead, vendorNotificationViewed: true },
  'lead.accepted': accepted,
  'lead.declined': { ...lead, vendorNotificationViewed: true, vendorLeadAction: 'DECLINE', declineReason: 'Too far.' },
  'lead.expired': { ...lead, vendorLeadAction: 'EXPIRED', dateModified: '2026-11-24T20:01:02.123Z' },
  'lead.status_changed': { ...accepted, postLeadStatus: 'QUOTE_SENT', postLeadRequiresAction: false },
  'review_request.created': {
    id: 311,
    processId: 902,
    firstName: 'Sam',
    lastName: 'Lee',
    emailTo: 'sam@example.com',
    phone: null,
    dateCreated: '2026-11-21T20:01:02.123Z',
    processState: 'IN_PROGRESS',
    deliveries: [delivery],
    sendAfter: null,
  },
  'feedback_request.created': {
    id: 77,
    processId: 903,
    customerName: 'Olivia Stone',
    email: 'olivia@example.com',
    phone: null,
    dateCreated: '2026-11-21T20:01:02.123Z',
    answered: false,
    answeredAt: null,
    rating: null,
    wouldRefer: null,
    comment: null,
    privateFeedback: null,
    processState: 'IN_PROGRESS',
    processStep: 'FEEDBACK',
    deliveries: [delivery],
    sendAfter: null,
  },
  'feedback.received': {
    processId: 903,
    origin: 'FEEDBACK_REQUEST',
    requestId: 77,
    rating: 5,
    wouldRefer: true,
    comment: 'Tidy and on time.',
  },
  'review.link_clicked': { processId: 903, origin: 'FEEDBACK_REQUEST', requestId: 312, platform: 'GOOGLE' },
  'review.completed': { processId: 903, origin: 'FEEDBACK_REQUEST', requestId: 312 },
  'referral.converted': { processId: 903, origin: 'FEEDBACK_REQUEST', referralId: 55, channel: 'EMAIL' },
  'contact.opted_out': { processId: 902, origin: 'REVIEW_REQUEST' },
  'message.failed': {
    purpose: 'REVIEW_REQUEST',
    requestId: 311,
    channel: 'SMS',
    status: 'FAILED',
    attempts: 1,
    errorCode: 'REFUSED',
    lastError: 'The SMS provider answered HTTP 400: Invalid To number (21211).',
    sentAt: null,
    nextAttemptAt: null,
  },
  'message.suppressed': {
    purpose: 'REVIEW_REMINDER',
    requestId: 311,
    channel: 'EMAIL',
    reason: 'Not sent: no consent in force when it was to leave (its INQUIRY basis ended on 2027-05-21T20:01:02.123Z).',
  },
  'message.received': {
    processId: 902,
    channel: 'sms',
    body: 'Thanks, great job on the deck!',
    receivedAt: '2026-11-21T20:05:09.456Z',
  },
  'customer.erased': { leadIds: [1042], processIds: [902], erasedAt: '2026-11-21T20:07:00.000Z' },
  ping: { endpointId: 3 },
};

/** A receiver's check, with the reference `standardwebhooks` package. */
export const VERIFICATION_SNIPPET = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // "whsec_..."
app.post('/hooks', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    // Checks webhook-signature over webhook-id, webhook-timestamp (at most 5 minutes old) and the raw body.
    const event = webhook.verify(req.body.toString('utf8'), req.headers);
    // event.id is the same on every attempt: skip ids you have already handled.
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});`;

/** The OpenAPI description of the webhook tags: the payload, each type's data, and how to verify. */
export function webhooksDescription(): string {
  const examples = Object.entries(EVENT_DATA_EXAMPLES)
    .map(([type, data]) => `**${type}**\n\n\`\`\`json\n${JSON.stringify(data, null, 2)}\n\`\`\``)
    .join('\n\n');
  return [
    'Each event is POSTed to the endpoints that subscribed to its type (a vendor endpoint hears its vendor, a manager endpoint every vendor) as',
    '`{"id": "evt_…", "type": "…", "timestamp": "…", "vendorId": 7, "data": {…}}`, signed as Standard Webhooks',
    '(`webhook-id`, `webhook-timestamp`, `webhook-signature`). `GET /events` serves the same bodies. A 2xx within',
    'WEBHOOK_TIMEOUT_MS is success; anything else is retried with backoff, with the same `webhook-id`.',
    `\n\nVerifying a delivery (Node):\n\n\`\`\`js\n${VERIFICATION_SNIPPET}\n\`\`\`\n\n\`data\` of each type:\n\n${examples}`,
  ].join(' ');
}
