import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';

/**
 * Busy processes, one per core by default, that keep every core at 100% until stopped: the machine of
 * a review run, where servers, PostgreSQL and Redis all wait for CPU.
 */
export class CpuLoad {
  private constructor(private readonly spinners: ChildProcess[]) {}

  static async start(processes = availableParallelism()): Promise<CpuLoad> {
    const spinners = Array.from({ length: processes }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
    await Promise.all(spinners.map((spinner) => once(spinner, 'spawn')));
    return new CpuLoad(spinners);
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.spinners.map(async (spinner) => {
        if (spinner.exitCode !== null || spinner.signalCode !== null) return;
        const exited = once(spinner, 'exit');
        spinner.kill('SIGKILL');
        await exited;
      }),
    );
  }
}
