import type { Target } from '../baseline-process';
import { VENDOR_API_PREFIX } from '../../src/auth/decorators/access.decorators';
import { call, customer, json } from './vendor-api';

export interface CampaignLoad {
  requests: number;
  clients: number;
  /** Requests offered a second at most (Infinity: as fast as the API takes them). */
  perSecond: number;
}

/**
 * The campaign: `requests` review requests from `clients` concurrent callers, spread over the servers,
 * request i sent no earlier than i / perSecond seconds after the start.
 */
export async function campaign(
  servers: Target[],
  token: string,
  load: CampaignLoad,
): Promise<{ ms: number[]; refused: number; s: number }> {
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const started = performance.now();
  const client = async (c: number) => {
    const server = servers[c % servers.length];
    for (let i = next++; i < load.requests; i = next++) {
      const wait = started + (1000 * i) / load.perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const request = json(token, 'POST', { firstName: 'Sam', ...customer(i) }, `campaign-${i}`);
      let answer = await call(`${server.url}/${VENDOR_API_PREFIX}/review-requests`, request);
      // A 5xx keeps no answer under the key: the client retries it, as a vendor system would.
      for (let retry = 0; answer.status >= 500 && retry < 3; retry++)
        answer = await call(`${server.url}/${VENDOR_API_PREFIX}/review-requests`, request);
      if (answer.status !== 201) refused += 1;
      latencies.push(answer.ms);
    }
  };
  await Promise.all(Array.from({ length: load.clients }, (_, c) => client(c)));
  return { ms: latencies, refused, s: (performance.now() - started) / 1000 };
}

/**
 * Another vendor's reads, `perSecond` of them, until `stop` resolves; answers their milliseconds. None
 * at 0 (a run that counts the campaign's statements alone).
 */
export async function reads(
  servers: Target[],
  token: string,
  perSecond: number,
  stop: Promise<unknown>,
): Promise<number[]> {
  const paths = ['/general-leads?page=0&size=20', '/reputation-process/kpi', '/events?limit=50'];
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  if (perSecond === 0) return latencies;
  let done = false;
  void stop.then(() => (done = true));
  for (let n = 0; !done; n++) {
    const url = `${servers[n % servers.length].url}/${VENDOR_API_PREFIX}${paths[n % paths.length]}`;
    pending.push(call(url, json(token, 'GET')).then(({ ms }) => void latencies.push(ms)));
    await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
  }
  await Promise.all(pending);
  return latencies;
}
