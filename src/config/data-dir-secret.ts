import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { appSettings } from './app.config';
import { readSettings } from './settings/setting';

/**
 * Outside production a secret the environment leaves unset is generated once and kept under the data
 * directory (`DATA_DIR/<name>`, readable by its owner only), so it survives restarts and the CLI uses
 * the same one as the server.
 */
export function dataDirSecret(name: string, generate: () => string): string {
  const dataDir = resolve(readSettings(appSettings).DATA_DIR);
  const file = join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = generate();
    // 'wx' fails if another process created it first; read theirs then.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
