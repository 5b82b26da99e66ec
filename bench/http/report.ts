// The tables bench:http prints: each scale's endpoints, and their growth against the first scale.

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  peakRssMb: number;
  /** The server process's user + system CPU over the measured run, per request answered. */
  cpuMsPerRequest: number;
}

/** Each endpoint's rounds per server, by scale; endpoints are matched across scales by their place in the list. */
export type Results = Map<number, Map<string, Record<string, Measurement[]>>>;

const ms = (value: number) => value.toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each figure the median of the rounds', the peak RSS the largest. */
function medianRound(rounds: Measurement[]): Measurement {
  const of = (key: keyof Measurement) => median(rounds.map((round) => round[key]));
  const peakRssMb = Math.max(...rounds.map((round) => round.peakRssMb));
  return { rps: of('rps'), p50: of('p50'), p99: of('p99'), cpuMsPerRequest: of('cpuMsPerRequest'), peakRssMb };
}

/** The service's throughput over the baseline's in each round, and their median. */
function ratios(by: Record<string, Measurement[]>): { median: number; rounds: string[] } {
  const rounds = by['service'].map((round, i) => round.rps / by['baseline'][i].rps);
  return { median: median(rounds), rounds: rounds.map((ratio) => ratio.toFixed(2)) };
}

export function printScale(scale: number, byEndpoint: Map<string, Record<string, Measurement[]>>): void {
  console.log(`\nScale ${scale}:\n`);
  console.log(
    '| Endpoint | Service req/s | Baseline req/s | Ratio | Service p50 / p99 ms | Baseline p50 / p99 ms | ' +
      'Service / baseline CPU ms per request | Service peak RSS MB | Baseline peak RSS MB | With Redis req/s | Redis cost |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const [label, by] of byEndpoint) {
    const service = medianRound(by['service']);
    const baseline = medianRound(by['baseline']);
    const redis = by['service + Redis'] ? medianRound(by['service + Redis']) : undefined;
    const ratio = ratios(by);
    console.log(
      `| ${label} | ${service.rps.toFixed(0)} | ${baseline.rps.toFixed(0)} | ${ratio.rounds.length > 1 ? `${ratio.median.toFixed(2)} (${ratio.rounds.join(', ')})` : ratio.rounds[0]} | ` +
        `${ms(service.p50)} / ${ms(service.p99)} | ${ms(baseline.p50)} / ${ms(baseline.p99)} | ` +
        `${service.cpuMsPerRequest.toFixed(2)} / ${baseline.cpuMsPerRequest.toFixed(2)} | ` +
        `${service.peakRssMb.toFixed(0)} | ${baseline.peakRssMb.toFixed(0)} | ${redis ? redis.rps.toFixed(0) : '-'} | ` +
        `${redis ? `${(((service.rps - redis.rps) / service.rps) * 100).toFixed(1)} %` : '-'} |`,
    );
  }
}

/** Each endpoint's ratio and service p99 at every scale beside the first scale's. */
export function printGrowth(results: Results): void {
  const [first, ...others] = [...results.entries()];
  console.log(`\nGrowth against scale ${first[0]} (change of the ratio and of the service's p99):\n`);
  console.log(
    `| Endpoint | ${[first, ...others].map(([scale]) => `Ratio / p99 ms at ${scale}`).join(' | ')} | Change |`,
  );
  console.log(`|---|${[first, ...others].map(() => '--:|').join('')}--:|`);
  const labels = [...first[1].keys()];
  for (const [e, label] of labels.entries()) {
    const cells = [first, ...others].map(([, byEndpoint]) => {
      const by = [...byEndpoint.values()][e];
      return { ratio: ratios(by).median, p99: medianRound(by['service']).p99 };
    });
    const change = cells
      .slice(1)
      .map(
        ({ ratio, p99 }) =>
          `ratio ${(((ratio - cells[0].ratio) / cells[0].ratio) * 100).toFixed(0)} %, p99 ${(((p99 - cells[0].p99) / cells[0].p99) * 100).toFixed(0)} %`,
      );
    console.log(
      `| ${label} | ${cells.map(({ ratio, p99 }) => `${ratio.toFixed(2)} / ${ms(p99)}`).join(' | ')} | ${change.join('; ')} |`,
    );
  }
}
