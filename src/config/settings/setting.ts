import Joi from 'joi';

/**
 * One environment variable: how it is validated, its default, and the line the docs show for it. Each
 * area's settings are declared in its `src/config/<area>.config.ts`, beside the `registerAs` that reads
 * them, and listed in `SETTINGS_GROUPS` (env.validation.ts). The settings table of docs/operations.md
 * and `.env.example` are written from these (`npm run settings:write`), and a test fails when they
 * differ, so a setting is declared once and nowhere else.
 */
export interface Setting<T> {
  readonly schema: Joi.Schema;
  /** What it does, in Markdown (the table shows it as is; `.env.example` without the markup). */
  readonly doc: string;
  /** The default, as it would be written in the environment. */
  readonly defaultValue?: string;
  /** Without a default: what happens when it is unset (a generated key, a computed value...). */
  readonly whenUnset?: string;
  /** The value type, for `Environment` only (never set). */
  readonly value?: T;
}

/** The value a schema gives once it has validated (and converted) a variable. */
type ValueOf<S> = S extends Joi.AnySchema<infer T> ? T : never;

/** A setting that is always present once validated: unset, it takes `value`. */
export function withDefault<S extends Joi.AnySchema>(schema: S, value: ValueOf<S>, doc: string): Setting<ValueOf<S>> {
  return { schema: schema.default(value), doc, defaultValue: String(value) };
}

/** A setting that may stay unset; `whenUnset` says what then happens (a generated key, a computed value...). */
export function optional<S extends Joi.AnySchema>(
  schema: S,
  doc: string,
  whenUnset = 'unset',
): Setting<ValueOf<S> | undefined> {
  return { schema, doc, whenUnset };
}

/** A setting that takes one of a few words. */
export function oneOf<const V extends readonly string[]>(values: V, value: V[number], doc: string): Setting<V[number]> {
  return {
    schema: Joi.string()
      .valid(...values)
      .default(value),
    doc,
    defaultValue: value,
  };
}

/** `true` or `false` (as Joi reads them: any case). */
export const flag = (value: boolean, doc: string): Setting<boolean> => withDefault(Joi.boolean(), value, doc);

/** A whole number within bounds. */
export const integer = (min: number, max: number | undefined, value: number, doc: string): Setting<number> =>
  withDefault(
    max === undefined ? Joi.number().integer().min(min) : Joi.number().integer().min(min).max(max),
    value,
    doc,
  );

/** Retention in days; 0 keeps for ever. */
export const retentionDays = (value: number, doc: string): Setting<number> =>
  integer(0, 36_500, value, `${doc} (0 = keep)`);

/** The production stop: this setting must be given when NODE_ENV=production. */
export const requiredInProduction = <S extends Joi.AnySchema>(schema: S): S =>
  schema.when('NODE_ENV', {
    is: 'production',
    then: Joi.required().messages({ 'any.required': '{{#label}} is required when NODE_ENV=production' }),
  });

/** An http(s) URL. */
export const httpUrl = (): Joi.StringSchema => Joi.string().uri({ scheme: ['http', 'https'] });

/** The settings of one part of the service, in the order the docs list them. */
export interface SettingsGroup {
  readonly title: string;
  readonly settings: Readonly<Record<string, Setting<unknown>>>;
}

/** The values of one area's settings once read: numbers and flags converted, defaults filled in. */
export type SettingsOf<G extends SettingsGroup> = {
  readonly [K in keyof G['settings']]: G['settings'][K] extends Setting<infer T> ? T : never;
};

/** The schema of `settings`; an empty value is an unset one (`${VAR:-}` in compose files and shells gives ''). */
export function settingsSchema(settings: SettingsGroup['settings']): Joi.ObjectSchema {
  return Joi.object(
    Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting.schema.empty('')])),
  )
    .unknown(true)
    .prefs({ abortEarly: false, errors: { wrap: { label: false } } });
}

/** The one error that names every problem of `result`, or its value. */
export function validValue<T>(result: Joi.ValidationResult<T>): T {
  if (result.error)
    throw new Error(`Config validation error: ${result.error.details.map((d) => d.message).join('. ')}`);
  return result.value;
}

/**
 * One area's settings from the environment, for its `registerAs` factory: converted and defaulted,
 * reading only the area's own variables. The whole environment is validated once, at start
 * (`AppConfigModule`'s `validate`, the CLI's check).
 */
export function readSettings<G extends SettingsGroup>(
  group: G,
  source: NodeJS.ProcessEnv = process.env,
): SettingsOf<G> {
  return validValue(settingsSchema(group.settings).validate(source) as Joi.ValidationResult<SettingsOf<G>>);
}

/** Whether the environment gives this setting itself (rather than leaving it to its default). */
export function isGiven(name: string, source: NodeJS.ProcessEnv = process.env): boolean {
  return source[name] !== undefined && source[name] !== '';
}
