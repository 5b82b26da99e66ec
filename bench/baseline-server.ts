// The benchmark's floor: a plain node:http server answering the benchmarked routes with the service's
// own SQL (taken from its repositories' statement builders) through a bare `pg` pool, after the same
// token check (HS256 signature, then the live key with its account's row in one statement: activated, feature flag).
// No framework, no validation, no logging, no rate limiting. Also the write baseline of bench:campaign,
// `POST /rest-api-v1/review-requests` (bench/baseline-review-request.ts). Run by `npm run bench` and
// `npm run bench:campaign`; env: PORT, DATABASE_URL, JWT_SECRET, DATABASE_POOL_MAX.
import { JwtService } from '@nestjs/jwt';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecretKey } from 'node:crypto';
import { Pool } from 'pg';
import { SESSION_OPTIONS } from '../src/database/data-source.options';
import { type Statement, queryConfig } from '../src/database/statement';
import { LeadFilter } from '../src/leads/entities/lead.entity';
import { responseTimesWindow } from '../src/leads/lead-response-times';
import { responseTimesStatement } from '../src/leads/lead-response-times.sql';
import { filterCountsStatement, leadListStatement } from '../src/leads/leads.sql';
import { incompleteFeedbackStatement } from '../src/feedback/feedback.sql';
import { failedSubjectsStatement } from '../src/notifications/notifications.sql';
import { referralCountsStatement } from '../src/referrals/referral-counts.sql';
import { processCountStatements } from '../src/reputation/process-counts.sql';
import { vendorSearchStatement } from '../src/vendors/vendors.sql';
import { type ReviewRequestBody, writeReviewRequest } from './baseline-review-request';

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  options: SESSION_OPTIONS, // the service's session settings, so both run the same plans
});
const jwt = new JwtService({ secret: createSecretKey(Buffer.from(process.env.JWT_SECRET!)) });

const leadTiming = { expiryHours: 72, statusReminderDays: 7 };

type Row = Record<string, unknown>;

/** As the service's `Sql` runs a statement: the hot reads as named prepared statements. */
const run = async (statement: Statement): Promise<Row[]> => (await pool.query<Row>(queryConfig(statement))).rows;

interface Account {
  id: number;
  features: boolean;
}

/** The account when the token is validly signed, of the given type, and its key still live. */
async function authenticate(request: IncomingMessage, type: 'vendor' | 'manager'): Promise<Account | null> {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return null;
  let claims: { sub: string; typ: string; jti: string };
  try {
    claims = jwt.verify(token, { algorithms: ['HS256'] });
  } catch {
    return null;
  }
  if (claims.typ !== type) return null;
  const id = Number(claims.sub);
  // The key (live, of this account) and the account in one read.
  const [account] = (await run(
    type === 'vendor'
      ? {
          sql: `SELECT v.activated, v.enable_full_rms AS features FROM api_keys k JOIN vendors v ON v.id = k.vendor_id
                WHERE k.id = $2 AND v.id = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
          parameters: [id, claims.jti],
          prepare: true,
        }
      : {
          sql: `SELECT m.role = 'ADMIN' AS activated, true AS features FROM api_keys k JOIN managers m ON m.id = k.manager_id
                WHERE k.id = $2 AND m.id = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
          parameters: [id, claims.jti],
          prepare: true,
        },
  )) as { activated: boolean; features: boolean }[];
  return account?.activated ? { id, features: account.features } : null;
}

type Route = (id: number, query: URLSearchParams) => Promise<unknown>;

/** The benchmarked routes; `gated`: the vendor needs the feature flag (enableFullRMS) as well. */
const routes: Record<string, { type: 'vendor' | 'manager'; gated?: boolean; answer: Route }> = {
  '/rest-api-v1/general-leads': {
    type: 'vendor',
    answer: async (id, query) => {
      const page = Number(query.get('page') ?? 0);
      const size = Number(query.get('size') ?? 10);
      const filter = (query.get('filter') ?? LeadFilter.All) as LeadFilter;
      const rows = await run(leadListStatement(leadTiming, new Date(), id, filter, { page, size }));
      const totalElements = Number(rows[0].total);
      return {
        content: rows.filter((row) => row.id !== null),
        page,
        size,
        totalElements,
        totalPages: Math.ceil(totalElements / size),
        last: (page + 1) * size >= totalElements,
      };
    },
  },
  '/rest-api-v1/general-leads/filter-counts': {
    type: 'vendor',
    answer: async (id) => (await run(filterCountsStatement(leadTiming, new Date(), id)))[0],
  },
  '/rest-api-v1/general-leads/response-times': {
    type: 'vendor',
    answer: async (id) => {
      const now = new Date();
      return (
        await run(responseTimesStatement(leadTiming, now, id, responseTimesWindow(undefined, undefined, now)))
      )[0];
    },
  },
  '/rest-api-v1/reputation-process/kpi': {
    type: 'vendor',
    gated: true,
    answer: async (id) => {
      const window = { from: null, until: null };
      // As the service runs them: side by side, the referral counts after the failed referral requests.
      const referrals = async () => {
        const [{ subjectIds }] = await run(failedSubjectsStatement('REFERRAL_REQUEST', id));
        return run(referralCountsStatement(id, window, subjectIds as string[]));
      };
      const rows = await Promise.all([
        ...processCountStatements(id, window).map(run),
        run(incompleteFeedbackStatement(id, window)),
        referrals(),
      ]);
      const { open, openFailed, ...counts } = Object.assign({}, ...rows.map(([row]) => row)) as Row;
      return {
        ...counts,
        totalReferralRequestsFailed: openFailed,
        totalReferralRequestsPending: Number(open) - Number(openFailed),
      };
    },
  },
  '/rest-manager-api-v1/vendors': {
    type: 'manager',
    answer: async (_id, query) => {
      const page = Number(query.get('page') ?? 0);
      const size = Number(query.get('size') ?? 10);
      const rows = await run(vendorSearchStatement({ nameContains: query.get('search') ?? '' }, page * size, size));
      const content = rows.filter((row) => row.id !== null).map(({ total: _total, ...vendor }) => vendor);
      return { content, number: page, size, totalElements: Number(rows[0].total) };
    },
  },
};

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(json);
}

const REVIEW_REQUESTS = '/rest-api-v1/review-requests';

/** The request's body, as JSON. */
async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function reviewRequest(request: IncomingMessage, response: ServerResponse): void {
  Promise.all([authenticate(request, 'vendor'), bodyOf(request)])
    .then(async ([account, body]) => {
      if (!account) return send(response, 401, { success: false });
      const data = await writeReviewRequest(pool, account.id, body as ReviewRequestBody);
      send(response, 201, { success: true, data });
    })
    .catch((error: unknown) => send(response, 500, { success: false, error: String(error) }));
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://baseline');
  if (request.method === 'POST' && url.pathname === REVIEW_REQUESTS) return reviewRequest(request, response);
  const route = routes[url.pathname];
  if (!route) return send(response, 404, { success: false });
  authenticate(request, route.type)
    .then(async (account) => {
      if (!account) return send(response, 401, { success: false });
      if (route.gated && !account.features) return send(response, 403, { success: false });
      send(response, 200, { success: true, data: await route.answer(account.id, url.searchParams) });
    })
    .catch((error: unknown) => send(response, 500, { success: false, error: String(error) }));
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
