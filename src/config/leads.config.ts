import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

export const leadsConfig = registerAs('leads', () => {
  const env = readEnvironment();
  return { expiryHours: env.LEAD_EXPIRY_HOURS, statusReminderDays: env.LEAD_STATUS_REMINDER_DAYS };
});

export type LeadsConfig = ConfigType<typeof leadsConfig>;
