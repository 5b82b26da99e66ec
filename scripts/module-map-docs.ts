import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The module map's table in docs/architecture.md: its "may use" column is written from the rules of
 * `.dependency-cruiser.cjs` (what `npm run depcruise` enforces); the other columns are kept as written.
 */
export const MODULE_MAP_FILE = 'docs/architecture.md';
export const TABLE_START =
  '<!-- module map: "may use" written from .dependency-cruiser.cjs by `npm run architecture:write`; edit the rules there -->';
export const TABLE_END = '<!-- module map end -->';

/** What a module may import besides the infrastructure: module names, or paths inside a module. */
export interface ModuleMap {
  everywhere: string[];
  modules: Record<string, string[]>;
}

export function loadModuleMap(root: string): ModuleMap {
  const config = createRequire(join(root, 'package.json'))('./.dependency-cruiser.cjs') as { mayImport: ModuleMap };
  return config.mayImport;
}

/** `events`, or `events` (`event-types.ts`, `events.module.ts`) when only some of its files may be used. */
export function mayUse(allowed: string[]): string {
  if (allowed.includes('*')) return 'every module';
  if (allowed.length === 0) return 'infrastructure only';
  const parts = new Map<string, string[]>();
  for (const entry of allowed) {
    const [module, ...path] = entry.split('/');
    const files = parts.get(module) ?? [];
    if (path.length > 0) files.push(`\`${path.join('/')}\``);
    parts.set(module, files);
  }
  return [...parts]
    .map(([module, files]) => (files.length > 0 ? `\`${module}\` (${files.join(', ')})` : `\`${module}\``))
    .join(', ');
}

const HEADER = ['| module | owns (tables) | may use | called by |', '| --- | --- | --- | --- |'];

/** The cells of a table row, `|` inside a cell written `\|`. */
const cells = (row: string): string[] =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** `text` with its module table's rows in the rules' order and each "may use" cell from the rules. */
export function withModuleTable(text: string, map: ModuleMap): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`The module table's markers are missing: ${TABLE_START}`);
  const written = new Map(
    text
      .slice(start + TABLE_START.length, end)
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const [module, owns, , calledBy] = cells(line);
        return [module.replaceAll('`', ''), { owns, calledBy }];
      }),
  );
  const rows = Object.entries(map.modules).map(([module, allowed]) => {
    const { owns = '', calledBy = '' } = written.get(module) ?? {};
    return `| \`${module}\` | ${owns} | ${mayUse(allowed)} | ${calledBy} |`;
  });
  const table = [TABLE_START, ...HEADER, ...rows, TABLE_END].join('\n');
  return text.slice(0, start) + table + text.slice(end + TABLE_END.length);
}
