import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ClusterOptions {
  /** A PostgreSQL installation: its bin/, lib/ and share/. */
  installation: string;
  databaseDir: string;
  /** Who the server runs as; undefined: this process's user. */
  runAs?: { uid: number; gid: number };
}

export interface RunningCluster {
  /** A fast shutdown (SIGINT): open sessions are ended, the data left consistent. */
  stop(): Promise<void>;
}

/**
 * Runs one of the installation's programs: as `runAs` when given, from `/` (a working directory closed
 * to that user would make PostgreSQL fail to find itself).
 */
function run(options: ClusterOptions, program: string, args: string[]): ChildProcess {
  return spawn(join(options.installation, 'bin', program), args, {
    ...options.runAs,
    cwd: '/',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Everything a program wrote, once it has exited. */
function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Creates the cluster (initdb) with `superuser`/`password`, UTF-8 and the C locale. */
export async function initialiseCluster(options: ClusterOptions, superuser: string, password: string): Promise<void> {
  // initdb reads the password from a file, which only the user it runs as may read.
  const secretDir = mkdtempSync(join(tmpdir(), 'pg-init-'));
  const passwordFile = join(secretDir, 'password');
  try {
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (options.runAs) {
      chownSync(secretDir, options.runAs.uid, options.runAs.gid);
      chownSync(passwordFile, options.runAs.uid, options.runAs.gid);
    }
    const { code, output } = await finished(
      run(options, 'initdb', [
        `--pgdata=${options.databaseDir}`,
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ]),
    );
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output.trim()}`);
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

const READY = 'database system is ready to accept connections';

/** Starts the server on 127.0.0.1/localhost:`port`; resolves once it accepts connections. */
export async function startCluster(options: ClusterOptions, port: number): Promise<RunningCluster> {
  // Its messages in English: the start is known by one of them.
  const server = run(options, 'postgres', ['-D', options.databaseDir, '-p', String(port), '-c', 'lc_messages=C']);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // What PostgreSQL says while starting explains a failed start; its later messages are read and dropped
  // (an unread pipe would fill and stall the server).
  let startLog = '';
  server.stdout!.resume();
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      startLog += chunk.toString();
      if (!startLog.includes(READY)) return;
      server.stderr!.off('data', onData).resume();
      server.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) =>
      reject(new Error(`PostgreSQL exited while starting (exit code ${code}): ${startLog.trim()}`));
    server.stderr!.on('data', onData);
    server.once('exit', onExit);
    server.once('error', reject);
  });
  return {
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
      await exited;
    },
  };
}
