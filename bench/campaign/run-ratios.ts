import type { CountedStatement } from './statement-counts';
import { median } from '../percentile';
import type { tally } from './counting-receivers';

/** Some instances of one build; an API instance and a delivery instance (`split`); or the write baseline. */
export type Instances = number | 'split' | 'baseline';

/** One run of bench:campaign: a campaign through some instances of one build, or through the write baseline. */
export interface Run {
  instances: Instances;
  /** The commit measured when it is not this tree (BENCH_AGAINST). */
  against?: string;
  round: number;
  acceptedPerS: number;
  acceptP99: number;
  refused: number;
  deliveredPerS: number;
  lastLeftS: number;
  readsP99: number;
  readsBeforeP99: number;
  emails: ReturnType<typeof tally>;
  texts: ReturnType<typeof tally>;
  smtpConnections: number;
  /**
   * CPU ms per accepted request with its two messages, from the campaign's start until the last message left;
   * `delivery`, in a split run: the part of `service` the delivery instance spent.
   */
  cpu: { service: number; delivery?: number; postgres: number; bench: number };
  /** The machine's busy share of its cores over the same time. */
  machineBusy: number;
  /** What pg_stat_statements counted, where the server loads it. */
  statements?: CountedStatement[];
}

/**
 * Two instances' delivery rate over one's (the first round); each run's CPU per request over the baseline's
 * of its round; with BENCH_AGAINST, this tree's over the other build's, by round and their median.
 */
export function ratios(runs: Run[], against?: string): string[] {
  const lines: string[] = [];
  const ours = runs.filter((run) => !run.against);
  const [one, two] = [1, 2].map((instances) => ours.find((run) => run.instances === instances));
  if (one && two)
    lines.push(`delivery rate, 2 instances over 1: ${(two.deliveredPerS / one.deliveredPerS).toFixed(2)}`);
  for (const run of ours) {
    const baseline = ours.find((other) => other.instances === 'baseline' && other.round === run.round);
    if (!baseline || run === baseline) continue;
    const service = (run.cpu.service / baseline.cpu.service).toFixed(2);
    const postgres = (run.cpu.postgres / baseline.cpu.postgres).toFixed(2);
    lines.push(
      `CPU per request, ${run.instances} instance(s) over the baseline: service ${service}, PostgreSQL ${postgres}`,
    );
  }
  for (const instances of new Set(runs.filter((run) => run.against).map((run) => run.instances))) {
    const pairs = ours
      .filter((run) => run.instances === instances)
      .map((run) => [
        run,
        runs.find((other) => other.against && other.instances === instances && other.round === run.round)!,
      ]);
    const over = (side: 'service' | 'postgres') => {
      const byRound = pairs.map(([run, other]) => run.cpu[side] / other.cpu[side]);
      return `${byRound.map((ratio) => ratio.toFixed(3)).join(', ')} (median ${median(byRound).toFixed(3)})`;
    };
    lines.push(
      `CPU per request, ${instances} instance(s), this tree over ${against} by round: ` +
        `service ${over('service')}, PostgreSQL ${over('postgres')}`,
    );
  }
  return lines;
}
