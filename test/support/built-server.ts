import { ChildProcess, spawn } from 'node:child_process';
import { BUILT_MAIN, START_COMMAND, assertBuilt } from './built-app';
import { freePort, waitUntil } from './net';

export interface BuiltServerOptions {
  /** Added to the test process's environment (DATABASE_URL of the e2e database, JWT_SECRET, ...). */
  env?: NodeJS.ProcessEnv;
  /** Start from an empty environment instead, as a new user's shell would (PATH and HOME kept). */
  cleanEnv?: boolean;
  /** Keep what the server writes on stdout (its JSON log lines) in `output`. */
  captureStdout?: boolean;
}

/** The built service (`npm run start:prod`'s command, its environment and flags) as a child process on a free port. */
export class BuiltServer {
  private child?: ChildProcess;
  port = 0;
  output = '';

  constructor(private readonly options: BuiltServerOptions = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get process(): ChildProcess {
    if (!this.child) throw new Error('server not started');
    return this.child;
  }

  async start(timeoutMs = 90_000): Promise<void> {
    assertBuilt();
    this.port ||= await freePort();
    const base = this.options.cleanEnv ? { PATH: process.env.PATH, HOME: process.env.HOME } : process.env;
    const child = spawn(process.execPath, [...START_COMMAND.nodeFlags, BUILT_MAIN], {
      // Metrics on a free port unless the test names one: servers started together never collide on it.
      env: {
        ...base,
        ...START_COMMAND.env,
        LOG_LEVEL: 'warn',
        METRICS_PORT: '0',
        ...this.options.env,
        PORT: String(this.port),
      },
      stdio: ['ignore', this.options.captureStdout ? 'pipe' : 'ignore', 'inherit'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    await waitUntil(async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
      return fetch(`${this.url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    }, timeoutMs);
  }

  /** Sends the signal and resolves with how the process ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    child.kill(signal);
    return exited;
  }
}
