import { ConfigType, registerAs } from '@nestjs/config';

export const documentsConfig = registerAs('documents', () => ({
  /** The time zone whose calendar day decides whether a required document has expired. */
  timeZone: process.env.DOCUMENTS_TIME_ZONE ?? 'America/Toronto',
}));

export type DocumentsConfig = ConfigType<typeof documentsConfig>;
