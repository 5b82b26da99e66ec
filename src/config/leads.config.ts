import { ConfigType, registerAs } from '@nestjs/config';

export const leadsConfig = registerAs('leads', () => ({
  expiryHours: Number(process.env.LEAD_EXPIRY_HOURS ?? 72),
  statusReminderDays: Number(process.env.LEAD_STATUS_REMINDER_DAYS ?? 7),
}));

export type LeadsConfig = ConfigType<typeof leadsConfig>;
