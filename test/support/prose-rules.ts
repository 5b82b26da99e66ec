import type { ProseRule, WalkOperation, WalkRequest } from './valid-walk';

const DAY_MS = 86_400_000;
const MAX_WINDOW_DAYS = 366;

/** The instant a window bound stands for, as the contract reads it: a day is its start (`from`) or its end (`to`). */
function instant(value: string, bound: 'from' | 'to'): number {
  if (value.length === 10) return Date.parse(`${value}T00:00:00Z`) + (bound === 'to' ? DAY_MS : 0);
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  return Date.parse(zoned) + (bound === 'to' ? 1 : 0);
}

const withQuery = (request: WalkRequest, query: Record<string, string>): WalkRequest => ({
  ...request,
  query: { ...request.query, ...query },
});
const withBody = (request: WalkRequest, changes: Record<string, unknown>): WalkRequest => ({
  ...request,
  body: { ...(request.body as object), ...changes },
});
const bodyOf = (request: WalkRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

/**
 * The rules over several values that the document states in prose only (JSON Schema has no way to
 * compare two values), and the one rule that depends on the world (a webhook host must resolve): the
 * walk keeps each, as a client reading the document would. `webhookUrl` is the test's own receiver.
 */
export function proseRules(webhookUrl: string): ProseRule[] {
  return [
    {
      name: 'from is not after to',
      applies: (_op, { query }) =>
        query.from !== undefined && query.to !== undefined && instant(query.from, 'from') >= instant(query.to, 'to'),
      stated: /not after `to`/i,
      mend: (request) => withQuery(request, { to: request.query.from }),
    },
    {
      name: 'a response-times window is at most 366 days',
      applies: (op, { query }) =>
        op.path.endsWith('/response-times') &&
        query.from !== undefined &&
        (query.to === undefined || instant(query.to, 'to') - instant(query.from, 'from') > MAX_WINDOW_DAYS * DAY_MS),
      stated: /at most 366 days/,
      mend: (request) => withQuery(request, { to: request.query.from }),
    },
    {
      name: 'the quiet hours start and end at different times',
      applies: (_op, request) => {
        const { quietHoursStart: start, quietHoursEnd: end } = bodyOf(request);
        return typeof start === 'string' && start === end;
      },
      stated: /not the start's time/,
      mend: (request) => withBody(request, { quietHoursStart: null, quietHoursEnd: null }),
    },
    {
      name: 'a document expires not before it was received',
      applies: (_op, request) => {
        const { dateReceived, expiryDate } = bodyOf(request);
        return typeof dateReceived === 'string' && typeof expiryDate === 'string' && expiryDate < dateReceived;
      },
      stated: /not before dateReceived/,
      mend: (request) => {
        const { dateReceived, expiryDate } = bodyOf(request);
        return withBody(request, { dateReceived: expiryDate, expiryDate: dateReceived });
      },
    },
    {
      name: 'a lead message by SMS fits in 3 segments',
      applies: (op, request) => {
        const text = bodyOf(request).body;
        return op.path.endsWith('/messages') && typeof text === 'string' && text.length > 60;
      },
      stated: /fit in 3 segments/,
      mend: (request) => withBody(request, { body: (bodyOf(request).body as string).trim().slice(0, 60) }),
    },
    {
      name: 'a feed cursor names an entry the feed answered',
      applies: (op, { query }) => query.after !== undefined && /\/(events|audit-log)$/.test(op.path),
      stated: /`after` is an id this\s+(feed|log)\s+answered/,
      mend: ({ query: { after: _after, ...query }, ...request }) => ({ ...request, query }),
    },
    {
      name: "a review location's id names one of the vendor's current locations",
      applies: (_op, request) => {
        const locations = bodyOf(request).reviewLocations;
        return Array.isArray(locations) && locations.some((location: { id?: number }) => location.id !== undefined);
      },
      stated: /must\s+name one of this vendor's current locations/,
      mend: (request) =>
        withBody(request, {
          reviewLocations: (bodyOf(request).reviewLocations as object[]).map(
            ({ id: _id, ...location }: { id?: number }) => location,
          ),
        }),
    },
    {
      name: "an API key's expiry is in the future",
      applies: (_op, request) => {
        const { expiresAt } = bodyOf(request);
        return typeof expiresAt === 'string' && Date.parse(expiresAt) <= Date.now();
      },
      stated: /which must be in the future/,
      mend: (request) => withBody(request, { expiresAt: new Date(Date.now() + DAY_MS).toISOString() }),
    },
    {
      name: "a rolled key's old secret ends between now and 7 days from now",
      applies: (_op, request) => {
        const { oldExpiresAt } = bodyOf(request);
        const at = typeof oldExpiresAt === 'string' ? Date.parse(oldExpiresAt) : NaN;
        return !Number.isNaN(at) && (at < Date.now() + 60_000 || at > Date.now() + 7 * DAY_MS - 60_000);
      },
      stated: /from now to at most 7 days from now/,
      mend: (request) => withBody(request, { oldExpiresAt: new Date(Date.now() + DAY_MS).toISOString() }),
    },
    {
      name: "only a manager's key holds the accounts scopes",
      applies: (op, request) => {
        const { scopes } = bodyOf(request);
        const forVendor = op.path === '/rest-api-v1/api-keys' || op.path.endsWith('/vendors/{vendorId}/api-keys');
        return forVendor && Array.isArray(scopes) && scopes.some((scope) => String(scope).startsWith('accounts:'));
      },
      stated: /for a manager's key `accounts`/,
      mend: (request) => {
        const scopes = (bodyOf(request).scopes as string[]).filter((scope) => !scope.startsWith('accounts:'));
        return withBody(request, { scopes: scopes.length ? scopes : ['*'] });
      },
    },
    {
      name: 'a basis of consent stated on a request did not arise in the future',
      applies: (_op, request) => {
        const { consent } = bodyOf(request);
        const at = (consent as { at?: unknown } | undefined)?.at;
        return typeof at === 'string' && Date.parse(at) > Date.now() - DAY_MS;
      },
      stated: /not in the future/,
      mend: (request) =>
        withBody(request, {
          consent: { ...(bodyOf(request).consent as object), at: new Date(Date.now() - 2 * DAY_MS).toISOString() },
        }),
    },
    {
      name: 'a webhook host resolves to public addresses (here: the test receiver, private addresses allowed)',
      applies: (op, request) => op.path.includes('webhook-endpoints') && typeof bodyOf(request).url === 'string',
      stated: /resolves to public addresses/,
      mend: (request) => withBody(request, { url: webhookUrl }),
    },
  ];
}

/** A 400 the state of the account gives a valid request, which the operation's description states. */
export interface StateRefusal {
  name: string;
  applies: (op: WalkOperation) => boolean;
  /** The error of the answer. */
  error: RegExp;
  stated: RegExp;
}

export const STATE_REFUSALS: StateRefusal[] = [
  {
    name: 'an account has at most 10 webhook endpoints',
    applies: (op) => op.method === 'post' && op.path.endsWith('/webhook-endpoints'),
    error: /at most 10 webhook endpoints/,
    stated: /at most 10 per account: an 11th is a 400/,
  },
];
