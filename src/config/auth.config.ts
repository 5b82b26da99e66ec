import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import { readEnvironment } from './env.validation';

export const authConfig = registerAs('auth', () => ({
  /** Outside production, unset: generated once into DATA_DIR/jwt-secret. */
  jwtSecret: readEnvironment().JWT_SECRET ?? dataDirSecret('jwt-secret', () => randomBytes(48).toString('base64url')),
}));

export type AuthConfig = ConfigType<typeof authConfig>;
