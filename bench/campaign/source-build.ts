// A build of the service from a copy of this working tree's sources, with textual changes applied, or
// from an earlier commit's, in a directory of its own (node_modules shared), and its server and CLI
// started from it. For a side-by-side measure of one change: built twice, with and without it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { START_COMMAND, root } from '../../test/support/built-app';
import { freePort, waitUntil } from '../../test/support/net';

/** A change to one source file: `find` must occur exactly once. */
export interface SourceEdit {
  file: string;
  find: string;
  replace: string;
}

const COPIED = ['src', 'migrations', 'package.json', 'tsconfig.json', 'nest-cli.json'];

/** Copies the sources, applies `edits` (failing when one no longer applies), builds; answers the directory. */
export function buildVariant(edits: readonly SourceEdit[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-variant-'));
  for (const entry of COPIED) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  for (const { file, find, replace } of edits) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    if (text.split(find).length !== 2) throw new Error(`${file}: the text to change is not there exactly once.`);
    writeFileSync(path, text.replace(find, replace));
  }
  return build(dir);
}

/** The sources of the commit `ref` (any git revision of this repository), built; answers the directory. */
export function buildAt(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-at-'));
  const archive = execFileSync('git', ['archive', '--format=tar', ref, '--', ...COPIED], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return build(dir);
}

/** Builds the sources in `dir` with this tree's packages. */
function build(dir: string): string {
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'tsconfig.build.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { types: ['node'] },
      include: ['src', 'migrations'],
      exclude: ['node_modules', 'dist', '**/*.spec.ts'],
    }),
  );
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js', { paths: [root] }), 'build'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (!existsSync(join(dir, 'dist', 'src', 'main.js'))) throw new Error(`the build in ${dir} has no main.js`);
  return dir;
}

export const removeBuild = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** The server built in `dir` (this tree's dist/ when `dir` is the root), as `npm run start:prod` runs it. */
export class VariantServer {
  private child?: ChildProcess;
  url = '';

  constructor(
    readonly dir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get pid(): number {
    return this.child!.pid!;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [...START_COMMAND.nodeFlags, join(this.dir, 'dist', 'src', 'main.js')], {
      env: { ...process.env, ...START_COMMAND.env, METRICS_PORT: '0', ...this.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`server in ${this.dir} exited with ${child.exitCode}`);
      return fetch(`${this.url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    }, 90_000);
  }

  /** Its own CLI's `create-admin`: answers the manager's token. */
  createAdmin(): string {
    const cli = join(this.dir, 'dist', 'src', 'cli.js');
    const args = ['create-admin', '--email', 'admin@bench.example', '--name', 'Admin'];
    return execFileSync(process.execPath, [cli, ...args], { env: { ...process.env, ...this.env } })
      .toString()
      .trim();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
