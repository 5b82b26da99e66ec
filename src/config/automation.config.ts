import { ConfigType, registerAs } from '@nestjs/config';
import { SettingsGroup, integer, readSettings } from './settings/setting';

export const automationSettings = {
  title: 'Automation',
  settings: {
    AUTOMATION_INTERVAL_MS: integer(
      100,
      3_600_000,
      60_000,
      "how often each instance looks for due reminders, won jobs' review requests and lead re-alerts",
    ),
  },
} satisfies SettingsGroup;

/** The automation's passes (src/automation). */
export const automationConfig = registerAs('automation', () => ({
  /** How often due reminders and won jobs are looked for: one goes out at most this late. */
  intervalMs: readSettings(automationSettings).AUTOMATION_INTERVAL_MS,
}));

export type AutomationConfig = ConfigType<typeof automationConfig>;
