import { ChildProcess, spawn } from 'node:child_process';
import { BUILT_MAIN, assertBuilt } from './built-app';

/** The built service (`node dist/src/main.js`) as a child process, on the e2e database by default. */
export class BuiltServer {
  private child?: ChildProcess;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get process(): ChildProcess {
    if (!this.child) throw new Error('server not started');
    return this.child;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    assertBuilt();
    this.child = spawn(process.execPath, [BUILT_MAIN], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      const ready = await fetch(`${this.url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not become ready');
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
