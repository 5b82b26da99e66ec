import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitUntil } from '../test/support/net';

/** A server a benchmark's requests go to: a built instance, or the baseline. */
export interface Target {
  url: string;
  pid: number;
}

/** The baseline (bench/baseline-server.ts) on a benchmark's database, with the service's JWT secret. */
export async function startBaseline(env: {
  DATABASE_URL: string;
  JWT_SECRET: string;
}): Promise<Target & { stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'baseline-server.js')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = false;
  child.stdout!.on('data', () => (ready = true));
  await waitUntil(() => {
    if (child.exitCode !== null) throw new Error(`baseline exited with ${child.exitCode}`);
    return Promise.resolve(ready);
  }, 10_000);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => new Promise((resolve) => child.once('exit', () => resolve()).kill('SIGTERM')),
  };
}
