import { ConfigType, registerAs } from '@nestjs/config';

/** The automation's passes (src/automation). Values are validated in env.validation.ts. */
export const automationConfig = registerAs('automation', () => ({
  /** How often due reminders and won jobs are looked for: one goes out at most this late. */
  intervalMs: Number(process.env.AUTOMATION_INTERVAL_MS ?? 60_000),
}));

export type AutomationConfig = ConfigType<typeof automationConfig>;
