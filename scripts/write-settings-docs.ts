// Writes the settings table of docs/operations.md and .env.example from the settings (src/config/<area>.config.ts): run it
// after adding or changing a setting; src/config/settings-docs.spec.ts fails until it has been run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_TABLE_FILE, envExample, withSettingsTable } from '../src/config/settings-docs';

const root = join(__dirname, '..', '..');
const table = join(root, SETTINGS_TABLE_FILE);
writeFileSync(table, withSettingsTable(readFileSync(table, 'utf8')));
writeFileSync(join(root, '.env.example'), envExample());
