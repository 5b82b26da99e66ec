import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import Redis from 'ioredis';
import { freePort, waitUntil } from './net';

/** The machine's Redis, used by the run when it answers and there is no redis-server binary to start one. */
const MACHINE_REDIS_URL = 'redis://127.0.0.1:6379';

const INSTALL_HINT =
  'install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set REDIS_SERVER_BIN';

/** REDIS_SERVER_BIN, else redis-server on PATH; undefined when neither is an executable file. */
export function redisServerBinary(): string | undefined {
  const candidates = process.env.REDIS_SERVER_BIN
    ? [process.env.REDIS_SERVER_BIN]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'redis-server'));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The run's Redis, which tests share under key prefixes of their own: TEST_REDIS_URL, set by the global setup. */
export function sharedRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('No Redis for this run: use describeWithRedis for tests that need one.');
  return url;
}

/** `describe` for tests that need the run's Redis; skipped when there is none (the global setup said why). */
export function describeWithRedis(name: string, tests: () => void): void {
  (process.env.TEST_REDIS_URL ? describe : describe.skip)(name, tests);
}

/** `describe` for tests that start a redis-server of their own; skipped without the binary. */
export function describeWithRedisServer(name: string, tests: () => void): void {
  (redisServerBinary() ? describe : describe.skip)(name, tests);
}

/**
 * The run's Redis, for the global setup: TEST_REDIS_URL when set; else a redis-server of the run's own;
 * else the machine's at 127.0.0.1:6379 when it answers. Without a redis-server binary the tests that
 * need one are skipped with one line saying how to install it, or, under CI=true, the run fails.
 */
export async function startTestRedis(say: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  const none = { stop: () => Promise.resolve() };
  if (!redisServerBinary()) {
    const line = `redis-server not found (PATH, REDIS_SERVER_BIN): ${INSTALL_HINT}`;
    if (process.env.CI === 'true') throw new Error(`${line}; CI=true runs every test`);
    say(`Skipping the tests that need a redis-server: ${line}`);
    if (!process.env.TEST_REDIS_URL && (await answers(MACHINE_REDIS_URL)))
      process.env.TEST_REDIS_URL = MACHINE_REDIS_URL;
    return none;
  }
  if (process.env.TEST_REDIS_URL) return none;
  const server = await RedisServer.start();
  process.env.TEST_REDIS_URL = server.url;
  return server;
}

/** Removes a test's keys (those under its own prefix) from the run's Redis. */
export async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(sharedRedisUrl());
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
    const child = spawn(redisServerBinary() ?? 'redis-server', [...args, '--daemonize', 'no'], { stdio: 'ignore' });
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
  client.on('error', () => undefined); // not answering yet is what this asks
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
