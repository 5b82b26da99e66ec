import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_GROUPS } from './env.validation';
import { SETTINGS_TABLE_FILE, envExample, withSettingsTable } from './settings-docs';

const root = join(__dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const WRITE = 'run `npm run settings:write` after changing a setting';

describe('The settings documentation', () => {
  it("the operations guide's table is the one the settings give", () => {
    const operations = read(SETTINGS_TABLE_FILE);
    expect({ operations: withSettingsTable(operations) === operations, fix: WRITE }).toEqual({
      operations: true,
      fix: WRITE,
    });
  });

  it('.env.example is the one the settings give', () => {
    expect({ envExample: envExample() === read('.env.example'), fix: WRITE }).toEqual({ envExample: true, fix: WRITE });
  });

  it('declares each variable in one part only', () => {
    const names = SETTINGS_GROUPS.flatMap((group) => Object.keys(group.settings));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
