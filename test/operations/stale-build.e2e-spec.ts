import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { staleBuildReason } from '../support/built-app';

/** The helpers that start dist/ refuse a build older than the sources, so no test runs old code. */
describe('Stale build guard', () => {
  let root: string;
  const write = (path: string, secondsAgo: number): void => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    const at = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file, at, at);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stale-build-'));
    write('src/main.ts', 60);
    write('src/cli.ts', 60);
    write('src/notifications/worker.ts', 60);
    write('src/notifications/worker.spec.ts', 0); // not built: never makes dist/ stale
    write('dist/src/main.js', 30);
    write('dist/src/cli.js', 30);
    write('dist/src/notifications/worker.js', 30);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('accepts a build newer than every source file', () => {
    expect(staleBuildReason(root)).toBeUndefined();
  });

  it('refuses a build older than a source file, naming it', () => {
    write('src/notifications/worker.ts', 0);
    expect(staleBuildReason(root)).toMatch(
      /^dist\/ is older than src\/notifications\/worker\.ts: run `npx nest build`/,
    );
  });

  it('refuses a source file with no output (added after the build)', () => {
    write('src/notifications/new-file.ts', 40);
    expect(staleBuildReason(root)).toMatch(/src\/notifications\/new-file\.ts/);
  });

  it('refuses a missing build', () => {
    rmSync(join(root, 'dist'), { recursive: true });
    expect(staleBuildReason(root)).toMatch(/^dist\/ is missing: run `npx nest build`/);
  });
});
