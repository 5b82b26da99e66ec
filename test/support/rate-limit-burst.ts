import { get as httpGet } from 'node:http';
import { BuiltServer } from './built-server';
import { VENDOR_API } from './api-paths';

/** The spec's limit, which the e2e environment raises (test/support/env.ts). */
export const SPEC_LIMIT_ENV = { RATE_LIMIT_MAX: '250', RATE_LIMIT_WINDOW_MS: '300000' };
export const SPEC_LIMIT = 250;

/** A cheap vendor route: one token check and one indexed read. */
export const BURST_PATH = `${VENDOR_API}/general-leads/filter-counts`;

export interface BurstResult {
  /** 2xx and 304 answers. */
  admitted: number;
  /** 429 answers. */
  refused: number;
  /** Anything else, which a burst should never get. */
  other: number[];
}

/** `count` built servers sharing one Redis (REDIS_URL and RATE_LIMIT_REDIS_PREFIX in `env`). */
export async function startInstances(count: number, env: NodeJS.ProcessEnv): Promise<BuiltServer[]> {
  const servers = Array.from({ length: count }, () => new BuiltServer({ env: { ...SPEC_LIMIT_ENV, ...env } }));
  await Promise.all(servers.map((server) => server.start()));
  return servers;
}

/** One GET on a connection of its own (no pool to reuse, so none is left open), answering its status. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** Sends `total` requests with the token all at once, spread evenly over the servers, and sorts the answers. */
export async function burst(servers: BuiltServer[], token: string, total: number): Promise<BurstResult> {
  const headers = { Authorization: `Bearer ${token}` };
  const statuses = await Promise.all(
    Array.from({ length: total }, (_, i) => get(`${servers[i % servers.length].url}${BURST_PATH}`, headers)),
  );
  const isAdmitted = (status: number) => (status >= 200 && status < 300) || status === 304;
  return {
    admitted: statuses.filter(isAdmitted).length,
    refused: statuses.filter((status) => status === 429).length,
    other: statuses.filter((status) => !isAdmitted(status) && status !== 429),
  };
}
