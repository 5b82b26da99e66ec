// Writes the "may use" column of docs/architecture.md's module table from .dependency-cruiser.cjs: run it
// after changing a module's rule; scripts/module-map-docs.spec.ts fails until it has been run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_MAP_FILE, loadModuleMap, withModuleTable } from './module-map-docs';

const root = join(__dirname, '..', '..');
const file = join(root, MODULE_MAP_FILE);
writeFileSync(file, withModuleTable(readFileSync(file, 'utf8'), loadModuleMap(root)));
