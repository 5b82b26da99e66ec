// Writes the README's settings table and .env.example from the settings (src/config/settings): run it
// after adding or changing a setting; src/config/settings-docs.spec.ts fails until it has been run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample, withSettingsTable } from '../src/config/settings-docs';

const root = join(__dirname, '..', '..');
const readme = join(root, 'README.md');
writeFileSync(readme, withSettingsTable(readFileSync(readme, 'utf8')));
writeFileSync(join(root, '.env.example'), envExample());
