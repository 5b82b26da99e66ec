import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, readSettings, withDefault } from './settings/setting';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const documentsSettings = {
  title: 'Documents',
  settings: {
    DOCUMENTS_TIME_ZONE: withDefault(
      Joi.string()
        .custom((value: string, helpers) => (isTimeZone(value) ? value : helpers.error('any.invalid')))
        .messages({ 'any.invalid': '{{#label}} must be an IANA time zone such as America/Toronto' }),
      'America/Toronto',
      'IANA zone whose calendar day decides whether a required document has expired',
    ),
  },
} satisfies SettingsGroup;

export const documentsConfig = registerAs('documents', () => ({
  /** The time zone whose calendar day decides whether a required document has expired. */
  timeZone: readSettings(documentsSettings).DOCUMENTS_TIME_ZONE,
}));

export type DocumentsConfig = ConfigType<typeof documentsConfig>;
