import { Global, Module } from '@nestjs/common';
import pino from 'pino';
import { AppConfig, appConfig } from '../config/app.config';
import { AppLogger, ROOT_LOGGER } from './app-logger';

/** pino JSON lines to stdout: Nest's logger (AppLogger) and the request log (`requestLogging`) share one. */
@Global()
@Module({
  providers: [
    { provide: ROOT_LOGGER, inject: [appConfig.KEY], useFactory: (app: AppConfig) => pino({ level: app.logLevel }) },
    AppLogger,
  ],
  exports: [ROOT_LOGGER, AppLogger],
})
export class LoggingModule {}
