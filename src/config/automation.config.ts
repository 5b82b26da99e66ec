import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** The automation's passes (src/automation). */
export const automationConfig = registerAs('automation', () => ({
  /** How often due reminders and won jobs are looked for: one goes out at most this late. */
  intervalMs: readEnvironment().AUTOMATION_INTERVAL_MS,
}));

export type AutomationConfig = ConfigType<typeof automationConfig>;
