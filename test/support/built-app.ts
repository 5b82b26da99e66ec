import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The project's root, whether this file runs from test/support or from dist/test/support (the benchmarks). */
function projectRoot(from: string): string {
  return existsSync(join(from, 'package.json')) ? from : projectRoot(dirname(from));
}

export const root = projectRoot(__dirname);
export const BUILT_CLI = join(root, 'dist', 'src', 'cli.js');
export const BUILT_MAIN = join(root, 'dist', 'src', 'main.js');

/** A start command's environment assignments (before `node`) and Node's flags. */
export interface StartCommand {
  env: Record<string, string>;
  nodeFlags: string[];
}

function parseStartCommand(command: string): StartCommand {
  const words = command.split(' ');
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('=') as [string, string])),
    nodeFlags: words.slice(node + 1).filter((word) => word.startsWith('--')),
  };
}

/**
 * The start command (`npm run start:prod`, the image's ENV and CMD), so tests and benchmarks run the
 * service as it is deployed: the allocator's environment and V8's flags change its memory.
 */
export const START_COMMAND: StartCommand = parseStartCommand(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
    'start:prod'
  ],
);

const REBUILD = 'run `npx nest build` (the e2e setup builds first)';

/**
 * Why the build under `root`/dist cannot be trusted, or undefined when it can: it is missing, or a
 * source file is newer than its output (or has none), so a test would exercise old code. Spec files
 * are not built and never count.
 */
export function staleBuildReason(projectDir: string): string | undefined {
  const sources = join(projectDir, 'src');
  const built = join(projectDir, 'dist', 'src');
  const main = join(built, 'main.js');
  if (!existsSync(main) || !existsSync(join(built, 'cli.js'))) return `dist/ is missing: ${REBUILD}.`;
  for (const path of readdirSync(sources, { recursive: true, encoding: 'utf8' })) {
    const source = join(sources, path);
    if (path.endsWith('.spec.ts') || !statSync(source).isFile()) continue;
    // A TypeScript file has its own output; any other file under src/ is compared with the entry point.
    const output = path.endsWith('.ts') ? join(built, path.replace(/\.ts$/, '.js')) : main;
    if (!existsSync(output) || statSync(output).mtimeMs < statSync(source).mtimeMs) {
      return `dist/ is older than ${relative(projectDir, source)}: ${REBUILD}, so the test does not run old code.`;
    }
  }
  return undefined;
}

/** Every helper that runs dist/ calls this first: a missing or stale build fails the test with the reason. */
export function assertBuilt(): void {
  const reason = staleBuildReason(root);
  if (reason) throw new Error(reason);
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built admin CLI as `npm run --silent cli -- ...` would, with the given environment. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env, cwd?: string): Promise<RunResult> {
  return runBuilt(BUILT_CLI, args, env, cwd);
}

/** Runs the built server to its end: for starts that must fail, with what it wrote and its exit code. */
export function runMainToExit(env: NodeJS.ProcessEnv): Promise<RunResult> {
  return runBuilt(BUILT_MAIN, [], env);
}

async function runBuilt(entry: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<RunResult> {
  assertBuilt();
  try {
    const { stdout, stderr } = await run(process.execPath, [entry, ...args], { env, cwd, timeout: 60_000 });
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
