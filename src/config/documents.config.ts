import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

export const documentsConfig = registerAs('documents', () => ({
  /** The time zone whose calendar day decides whether a required document has expired. */
  timeZone: readEnvironment().DOCUMENTS_TIME_ZONE,
}));

export type DocumentsConfig = ConfigType<typeof documentsConfig>;
