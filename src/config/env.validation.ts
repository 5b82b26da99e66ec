import Joi from 'joi';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { imageSettings, leadSettings } from './settings/business.settings';
import { databaseSettings, rateLimitSettings } from './settings/database.settings';
import { keySettings, retentionSettings } from './settings/keys.settings';
import { notificationSettings, webhookSettings } from './settings/notifications.settings';
import { httpSettings, serverSettings } from './settings/server.settings';
import { observabilitySettings } from './settings/observability.settings';
import type { Setting, SettingsGroup } from './settings/setting';

/** Every environment variable the service reads, by part, in the order the docs list them. */
export const SETTINGS_GROUPS = [
  serverSettings,
  httpSettings,
  databaseSettings,
  keySettings,
  retentionSettings,
  imageSettings,
  rateLimitSettings,
  leadSettings,
  notificationSettings,
  webhookSettings,
  observabilitySettings,
] as const satisfies readonly SettingsGroup[];

type Union<G> = G extends { settings: infer S } ? S : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllSettings = Intersection<Union<(typeof SETTINGS_GROUPS)[number]>>;

/** The validated settings: numbers and flags converted, defaults filled in. */
export type Environment = { readonly [K in keyof AllSettings]: AllSettings[K] extends Setting<infer T> ? T : never };

const SETTINGS: Record<string, Setting<unknown>> = Object.fromEntries(
  SETTINGS_GROUPS.flatMap((group) => Object.entries(group.settings)),
);

export const envValidationSchema = Joi.object(
  // An empty value is an unset one (`${VAR:-}` in compose files and shells gives ''): its default applies.
  Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.schema.empty('')])),
)
  // The three SMS provider settings come together or not at all; so do the two S3 keys.
  .and('SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM')
  .with('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY')
  .with('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID')
  .messages({
    'object.and': 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together',
    'object.with': 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  })
  // The environment holds much else (PATH, HOME...); report every bad value at once, named plainly.
  .unknown(true)
  .prefs({ abortEarly: false, errors: { wrap: { label: false } } });

/** Every missing or invalid setting, one sentence each (none: valid). */
export function environmentProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return envValidationSchema.validate(source).error?.details.map((detail) => detail.message) ?? [];
}

/** The settings read from `source` (the process's environment), or one error that names every problem. */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  const result: Joi.ValidationResult<Environment> = envValidationSchema.validate(source);
  if (result.error)
    throw new Error(`Config validation error: ${result.error.details.map((d) => d.message).join('. ')}`);
  return result.value;
}

/** Whether the environment gives this setting itself (rather than leaving it to its default). */
export function isGiven(name: keyof Environment, source: NodeJS.ProcessEnv = process.env): boolean {
  return source[name] !== undefined && source[name] !== '';
}

/** The settings production cannot start without. */
export function productionRequiredSettings(): string[] {
  return envValidationSchema
    .validate({ NODE_ENV: 'production' })
    .error!.details.filter((detail) => detail.type === 'any.required')
    .map((detail) => String(detail.path[0]));
}

/**
 * The environment as the server's start sees it: the process's variables over those of `.env` in the
 * working directory (the file @nestjs/config reads at start).
 */
export function startEnvironment(): NodeJS.ProcessEnv {
  let file: NodeJS.ProcessEnv = {};
  try {
    file = parseEnv(readFileSync('.env', 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { ...file, ...process.env };
}
