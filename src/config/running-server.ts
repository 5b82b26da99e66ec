import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RECORD = 'server.json';

interface Record {
  pid: number;
  publicBaseUrl: string;
}

function read(dataDir: string): Record | undefined {
  try {
    return JSON.parse(readFileSync(join(dataDir, RECORD), 'utf8')) as Record;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server that listens records its public address in its data directory (removed when it exits), so
 * that the CLI run beside it prints links to it even when the server was started with another PORT.
 */
export function recordRunningServer(dataDir: string, publicBaseUrl: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, RECORD), JSON.stringify({ pid: process.pid, publicBaseUrl } satisfies Record));
  process.once('exit', () => {
    if (read(dataDir)?.pid === process.pid) rmSync(join(dataDir, RECORD), { force: true });
  });
}

/** The public address of the server running on this data directory, if one is. */
export function runningServerUrl(dataDir: string): string | undefined {
  const record = read(dataDir);
  return record && isAlive(record.pid) ? record.publicBaseUrl : undefined;
}
