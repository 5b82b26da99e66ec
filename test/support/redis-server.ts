import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import Redis from 'ioredis';
import { freePort, waitUntil } from './net';

/** The machine's shared Redis (CI starts it); tests sharing it use a key prefix of their own. */
export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Removes a test's keys (those under its own prefix) from the shared Redis. */
export async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(SHARED_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** A redis-server of the test's own on a free port, so stopping it never affects anyone else. */
export class RedisServer {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** (Re)starts it on the same port, empty, and waits until it answers. */
  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', [...args, '--daemonize', 'no'], { stdio: 'ignore' });
    this.process = child;
    const failed = once(child, 'error').then(([error]: Error[]) => {
      throw new Error(`redis-server could not be started: ${error.message}`);
    });
    await Promise.race([failed, waitUntil(() => answers(this.url))]);
  }

  /** Freezes the process (SIGSTOP): connections stay open and nothing is answered, like a hung server. */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  /** Lets a paused server go on (SIGCONT); it answers what was sent meanwhile. */
  resume(): void {
    this.process?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    child.kill('SIGCONT'); // a paused server only acts on the SIGTERM once it runs again
    await exited;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
