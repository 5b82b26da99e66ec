import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The project's root, whether this file runs from test/support or from dist/test/support (the benchmarks). */
function projectRoot(from: string): string {
  return existsSync(join(from, 'package.json')) ? from : projectRoot(dirname(from));
}

const root = projectRoot(__dirname);
export const BUILT_CLI = join(root, 'dist', 'src', 'cli.js');
export const BUILT_MAIN = join(root, 'dist', 'src', 'main.js');

/** Tests of the built entry points need `npm run build` (npm test runs it first). */
export function assertBuilt(): void {
  if (!existsSync(BUILT_CLI) || !existsSync(BUILT_MAIN))
    throw new Error('Run `npm run build` before these tests (npm test does).');
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built admin CLI as `npm run --silent cli -- ...` would, with the given environment. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BUILT_CLI, ...args], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}
