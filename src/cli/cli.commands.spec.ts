import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_NAMES, USAGE, isCommand } from './cli.commands';

describe('The CLI commands', () => {
  it('are each listed in the usage and in the operations guide, which names no other', () => {
    const guide = readFileSync(join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
    const documented = new Set([...guide.matchAll(/npm run --silent cli -- ([a-z-]+)/g)].map(([, name]) => name));
    documented.delete('help');
    expect([...documented].sort()).toEqual([...COMMAND_NAMES].sort());
    expect(COMMAND_NAMES.filter((name) => !USAGE.includes(`cli -- ${name}`))).toEqual([]);
  });

  it('knows a command by its own name only', () => {
    expect(COMMAND_NAMES.every(isCommand)).toBe(true);
    expect(['frobnicate', 'toString', '__proto__'].some(isCommand)).toBe(false);
  });
});
