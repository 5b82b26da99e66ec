import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The system user PostgreSQL runs as when this process is root (PostgreSQL refuses to run as root). */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
  gids: number[];
}

export interface EmbeddedPostgresPlaces {
  /** The PostgreSQL installation to run (its bin/, lib/ and share/). */
  installation: string;
  databaseDir: string;
  /** Undefined: PostgreSQL runs as this process's own user. */
  runAs?: SystemUser;
  /** What was moved where, and why, for the start-up log. */
  moves: string[];
}

const SYSTEM_USER = 'postgres';

/** Root-owned homes the system user can reach, for when the checkout or DATA_DIR is closed to it. */
export interface ReachableHomes {
  /** For copies of the installation (rebuilt from node_modules when lost). */
  binaries: string;
  /** For data directories (to back up with DATA_DIR). */
  data: string;
}

const SYSTEM_HOMES: ReachableHomes = {
  binaries: '/var/cache/vendor-leads-service',
  data: '/var/lib/vendor-leads-service',
};

function systemUser(name: string): SystemUser | undefined {
  try {
    const id = (flag: string) => execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return { name, uid: Number(id('-u')), gid: Number(id('-g')), gids: id('-G').split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

/** The `postgres` system user, created (with no home and no login) when the machine has none. */
function ensureSystemUser(name: string): SystemUser {
  const existing = systemUser(name);
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
    stdio: 'pipe',
  });
  return systemUser(name)!;
}

/** The first directory from `/` down to `path` (included) that `user` may not enter. */
function firstClosedDirectory(path: string, user: SystemUser): string | undefined {
  const chain: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) chain.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  return chain.find((dir) => {
    const { uid, gid, mode } = statSync(dir);
    const bit = uid === user.uid ? 0o100 : user.gids.includes(gid) ? 0o010 : 0o001;
    return !(mode & bit);
  });
}

const modeOf = (dir: string) => (statSync(dir).mode & 0o777).toString(8).padStart(4, '0');

/** Creates `dir` root-owned with mode 0755 whatever the umask, so that `user` can enter it. */
function openDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
}

/** Directories 0755, files readable by all and executable by all where executable by the owner. */
function openTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) openTree(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode & 0o100 ? 0o755 : 0o644);
  }
}

/**
 * A root-owned copy of the installation where the system user can run it, one per PostgreSQL build
 * (named by a hash of its server binary), made once and reused; written aside and renamed into place,
 * so a copy cut short is never used.
 */
function reachableCopy(installation: string, home: string): string {
  const build = createHash('sha256')
    .update(readFileSync(join(installation, 'bin', 'postgres')))
    .digest('hex')
    .slice(0, 16);
  const target = join(home, `postgresql-${build}`);
  if (existsSync(target)) return target;
  openDirectory(home);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(installation, partial, { recursive: true, verbatimSymlinks: true });
  openTree(partial);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error; // else another process put the same copy in place first
  }
  return target;
}

/** Where PostgreSQL's data lives when DATA_DIR is closed to the system user: one directory per DATA_DIR. */
function reachableDataDir(dataDir: string, home: string, user: SystemUser): string {
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  openDirectory(home);
  const databaseDir = join(home, `postgres-${key}`);
  mkdirSync(databaseDir, { mode: 0o700, recursive: true });
  chownSync(databaseDir, user.uid, user.gid);
  return databaseDir;
}

function cannotRun(reason: string, cause?: unknown): Error {
  return new Error(
    `The embedded PostgreSQL cannot run here: ${reason}; set DATABASE_URL to a PostgreSQL server, ` +
      `or start the service as another user than root.`,
    { cause },
  );
}

/**
 * Where the embedded PostgreSQL runs from and keeps its data. As any user but root: the installed
 * package and DATA_DIR/postgres. As root, PostgreSQL runs as the `postgres` system user, which must
 * enter every directory above both; a checkout or DATA_DIR under a directory closed to it (root's home,
 * mode 0700) is never opened: the installation is copied under /var/cache, and the data kept under
 * /var/lib, root-owned and readable where the user runs it, the data directory its own (0700).
 */
export function embeddedPostgresPlaces(
  installation: string,
  dataDir: string,
  homes: ReachableHomes = SYSTEM_HOMES,
): EmbeddedPostgresPlaces {
  const databaseDir = join(dataDir, 'postgres');
  if (process.getuid?.() !== 0) return { installation, databaseDir, moves: [] };
  let user: SystemUser;
  try {
    user = ensureSystemUser(SYSTEM_USER);
  } catch (error) {
    throw cannotRun(`PostgreSQL refuses to run as root, and no "${SYSTEM_USER}" user could be created`, error);
  }
  const moves: string[] = [];
  let places = { installation, databaseDir };
  const closedToBinaries = firstClosedDirectory(join(installation, 'bin'), user);
  if (closedToBinaries) {
    try {
      places = { ...places, installation: reachableCopy(installation, homes.binaries) };
    } catch (error) {
      throw cannotRun(
        `the "${user.name}" user cannot enter ${closedToBinaries}, nor could ${homes.binaries} take a copy`,
        error,
      );
    }
    moves.push(
      `PostgreSQL runs from ${places.installation}: user "${user.name}" cannot enter ${closedToBinaries} (mode ${modeOf(closedToBinaries)})`,
    );
  }
  const closedToData = firstClosedDirectory(dataDir, user);
  if (closedToData) {
    try {
      places = { ...places, databaseDir: reachableDataDir(dataDir, homes.data, user) };
    } catch (error) {
      throw cannotRun(
        `the "${user.name}" user cannot enter ${closedToData}, nor could ${homes.data} hold its data`,
        error,
      );
    }
    moves.push(
      `PostgreSQL keeps the data of ${dataDir} in ${places.databaseDir}: user "${user.name}" cannot enter ${closedToData} (mode ${modeOf(closedToData)})`,
    );
  } else {
    mkdirSync(databaseDir, { mode: 0o700, recursive: true });
    chownSync(databaseDir, user.uid, user.gid);
  }
  return { ...places, runAs: user, moves };
}
