import { ConfigType, registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';
import Joi from 'joi';
import { SettingsGroup, optional, readSettings, requiredInProduction } from './settings/setting';

export const authSettings = {
  title: 'Tokens',
  settings: {
    JWT_SECRET: optional(
      requiredInProduction(Joi.string().min(32)),
      'HS256 secret of every token (≥ 32 chars); outside production generated once into `DATA_DIR/jwt-secret` ([what each key guards](#keys-what-each-one-guards))',
      'generated',
    ),
  },
} satisfies SettingsGroup;

export const authConfig = registerAs('auth', () => ({
  /** Outside production, unset: generated once into DATA_DIR/jwt-secret. */
  jwtSecret:
    readSettings(authSettings).JWT_SECRET ?? dataDirSecret('jwt-secret', () => randomBytes(48).toString('base64url')),
}));

export type AuthConfig = ConfigType<typeof authConfig>;
