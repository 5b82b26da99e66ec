import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './built-app';

interface ComposeFile {
  services: Record<string, { image?: string; environment?: Record<string, string | number | boolean> }>;
}

/** compose.yaml as Compose reads it. */
export function composeFile(): ComposeFile {
  return load(readFileSync(join(root, 'compose.yaml'), 'utf8')) as ComposeFile;
}

/**
 * A value with its `${…}` filled in from `variables` as Compose does: `${VAR}`, `${VAR:-default}` and
 * `${VAR:?message}` (an unset or empty VAR then stops it with the message), and `$$` for a dollar.
 */
export function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (match: string, name?: string, operator?: string, word: string = '') => {
      if (match === '$$') return '$';
      const given = variables[name!];
      const missing = operator?.startsWith(':') ? !given : given === undefined;
      if (!missing) return given;
      if (operator?.endsWith('?')) throw new Error(`compose.yaml: ${name} ${word}`);
      return operator ? word : '';
    },
  );
}

/** A service's environment with the file's variables filled in from `variables`. */
export function serviceEnvironment(service: string, variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(composeFile().services[service].environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), variables),
    ]),
  );
}
