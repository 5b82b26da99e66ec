import Joi from 'joi';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { appSettings } from './app.config';
import { authSettings } from './auth.config';
import { automationSettings } from './automation.config';
import { databaseSettings } from './database.config';
import { documentsSettings } from './documents.config';
import { httpSettings } from './http.config';
import { imagesSettings } from './images.config';
import { leadAlertsSettings } from './lead-alerts.config';
import { leadsSettings } from './leads.config';
import { metricsSettings } from './metrics.config';
import { notificationsSettings } from './notifications.config';
import { privacySettings } from './privacy.config';
import { rateLimitSettings } from './rate-limit.config';
import { referralsSettings } from './referrals.config';
import { secretsSettings } from './secrets.config';
import { type Setting, type SettingsGroup, settingsSchema, validValue } from './settings/setting';
import { webhooksSettings } from './webhooks.config';

/**
 * Every environment variable the service reads, one group per area (`src/config/<area>.config.ts`,
 * which declares its settings and reads them in its `registerAs`), in the order the docs list them.
 */
export const SETTINGS_GROUPS = [
  appSettings,
  httpSettings,
  databaseSettings,
  authSettings,
  secretsSettings,
  privacySettings,
  imagesSettings,
  rateLimitSettings,
  leadsSettings,
  documentsSettings,
  automationSettings,
  leadAlertsSettings,
  referralsSettings,
  notificationsSettings,
  webhooksSettings,
  metricsSettings,
] as const satisfies readonly SettingsGroup[];

type Union<G> = G extends { settings: infer S } ? S : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllSettings = Intersection<Union<(typeof SETTINGS_GROUPS)[number]>>;

/** The validated settings: numbers and flags converted, defaults filled in. */
export type Environment = { readonly [K in keyof AllSettings]: AllSettings[K] extends Setting<infer T> ? T : never };

const SETTINGS: Record<string, Setting<unknown>> = Object.fromEntries(
  SETTINGS_GROUPS.flatMap((group) => Object.entries(group.settings)),
);

export const envValidationSchema = settingsSchema(SETTINGS)
  // The three SMS provider settings come together or not at all; so do the two S3 keys.
  .and('SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM')
  .with('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY')
  .with('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID')
  .messages({
    'object.and': 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together',
    'object.with': 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  });

/** Every missing or invalid setting, one sentence each (none: valid). */
export function environmentProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return envValidationSchema.validate(source).error?.details.map((detail) => detail.message) ?? [];
}

/**
 * The whole environment validated (`source`: the process's), or one error that names every problem:
 * once at start; each area's factory then reads its own settings (`readSettings`).
 */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  return validValue(envValidationSchema.validate(source) as Joi.ValidationResult<Environment>);
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
