import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, readSettings, withDefault } from './settings/setting';

export const leadsSettings = {
  title: 'Leads',
  settings: {
    LEAD_EXPIRY_HOURS: withDefault(Joi.number().positive(), 72, 'a lead still `NONE` after this becomes `EXPIRED`'),
    LEAD_STATUS_REMINDER_DAYS: withDefault(
      Joi.number().positive(),
      7,
      'age after which a non-final post-lead status requires action again',
    ),
  },
} satisfies SettingsGroup;

export const leadsConfig = registerAs('leads', () => {
  const env = readSettings(leadsSettings);
  return { expiryHours: env.LEAD_EXPIRY_HOURS, statusReminderDays: env.LEAD_STATUS_REMINDER_DAYS };
});

export type LeadsConfig = ConfigType<typeof leadsConfig>;
