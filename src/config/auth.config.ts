import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Outside production a missing JWT_SECRET is generated once and kept under the data directory,
 * so tokens survive restarts and the CLI signs with the same secret as the server.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // 'wx' fails if another process created it first; read theirs then.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}

export const authConfig = registerAs('auth', () => ({
  jwtSecret: process.env.JWT_SECRET ?? loadOrCreateSecret(resolve(process.env.DATA_DIR ?? './.data')),
}));

export type AuthConfig = ConfigType<typeof authConfig>;
