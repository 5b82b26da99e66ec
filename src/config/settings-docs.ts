import { SETTINGS_GROUPS, productionRequiredSettings } from './env.validation';
import type { Setting } from './settings/setting';

/** The settings table of docs/operations.md sits between these two lines. */
export const TABLE_START =
  '<!-- settings: written from src/config/<area>.config.ts by `npm run settings:write`; edit them there -->';
export const TABLE_END = '<!-- settings end -->';

const ENV_EXAMPLE_HEADER = `# Every variable the service reads, with its default. Copy to .env (read from the working directory
# at start; variables already set in the environment win) and uncomment what you change.
# Written from src/config/<area>.config.ts by \`npm run settings:write\`: edit the settings there.`;

const rows = () => {
  const required = new Set(productionRequiredSettings());
  return SETTINGS_GROUPS.map((group) => ({
    title: group.title,
    settings: Object.entries(group.settings as Record<string, Setting<unknown>>).map(([name, setting]) => ({
      name,
      setting,
      required: required.has(name),
    })),
  }));
};

const shownDefault = (setting: Setting<unknown>, required: boolean): string => {
  const otherwise = setting.defaultValue === undefined ? (setting.whenUnset ?? 'unset') : `\`${setting.defaultValue}\``;
  return required ? `required in production, otherwise ${otherwise}` : otherwise;
};

/** The table of every setting, one part after another, between its two marker lines. */
export function settingsTable(): string {
  const parts = rows().map(({ title, settings }) =>
    [
      `**${title}**`,
      '',
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      ...settings.map(
        ({ name, setting, required }) =>
          `| \`${name}\` | ${shownDefault(setting, required)} | ${setting.doc.replaceAll('|', '\\|')} |`,
      ),
    ].join('\n'),
  );
  return [TABLE_START, ...parts, TABLE_END].join('\n\n');
}

/** The settings table's file: its links are relative to it. */
export const SETTINGS_TABLE_FILE = 'docs/operations.md';

/** Markdown as a comment at the top of the repository reads it: links as their text and path, no code marks. */
const plain = (markdown: string): string =>
  markdown
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_match, text: string, target: string) =>
      target.startsWith('#') ? text : `${text}, docs/${target}`,
    )
    .replace(/[`*]/g, '');

/** `.env.example`: every setting commented out with its default. */
export function envExample(): string {
  const parts = rows().map(({ title, settings }) =>
    [
      `# ---- ${title} ----`,
      ...settings.flatMap(({ name, setting, required }) => [
        setting.defaultValue === undefined || required
          ? `# ${plain(setting.doc)} (default: ${plain(shownDefault(setting, required))})`
          : `# ${plain(setting.doc)}`,
        `# ${name}=${setting.defaultValue ?? ''}`,
      ]),
    ].join('\n'),
  );
  return `${[ENV_EXAMPLE_HEADER, ...parts].join('\n\n')}\n`;
}

/** `text` with its settings table replaced by the one the settings give. */
export function withSettingsTable(text: string): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`The settings table's markers are missing: ${TABLE_START}`);
  return text.slice(0, start) + settingsTable() + text.slice(end + TABLE_END.length);
}
