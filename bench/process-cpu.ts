import { readFileSync, readdirSync } from 'node:fs';

const CLOCK_TICKS_PER_S = 100;

/** The fields of /proc/<pid>/stat after the command's parentheses (field 3 onwards). */
const statFields = (pid: number): string[] => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

const ticksToMs = (ticks: number): number => (ticks * 1000) / CLOCK_TICKS_PER_S;

/** utime + stime of the process (fields 14 and 15), in ms. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
}

/**
 * The CPU time, in ms, of every process whose command is `command` and of their children that have
 * exited: for PostgreSQL, the server, its backends and those already gone (the server reaps them).
 */
export function commandCpuMs(command: string): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== command) continue;
      const fields = statFields(Number(entry));
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticksToMs(ticks);
}

/** The machine's busy and total CPU time so far (all cores, from /proc/stat), in ms. */
export function machineCpuMs(): { busy: number; total: number } {
  const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = times.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: ticksToMs(busy), total: ticksToMs(busy + idle + iowait) };
}
