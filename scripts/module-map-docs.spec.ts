import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_MAP_FILE, loadModuleMap, mayUse, withModuleTable } from './module-map-docs';

const root = join(__dirname, '..');
const WRITE = 'run `npm run architecture:write` after changing a rule of .dependency-cruiser.cjs';

describe('The module map of docs/architecture.md', () => {
  const map = loadModuleMap(root);
  const architecture = readFileSync(join(root, MODULE_MAP_FILE), 'utf8');

  it('has the table the rules give: a row per module, in their order, "may use" from the rules', () => {
    expect({ table: withModuleTable(architecture, map) === architecture, fix: WRITE }).toEqual({
      table: true,
      fix: WRITE,
    });
  });

  it('names every module in its diagram', () => {
    const diagram = /^```\n([\s\S]*?)^```$/m.exec(architecture)?.[1] ?? '';
    const words = new Set(diagram.split(/[^a-z-]+/));
    expect(Object.keys(map.modules).filter((module) => !words.has(module))).toEqual([]);
  });

  it('writes a module allowed only some files of another with those files', () => {
    expect(mayUse(['events/event-types.ts', 'events/events.module.ts', 'vendors'])).toBe(
      '`events` (`event-types.ts`, `events.module.ts`), `vendors`',
    );
    expect(mayUse([])).toBe('infrastructure only');
    expect(mayUse(['*'])).toBe('every module');
  });
});
