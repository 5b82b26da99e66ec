import { Global, Module } from '@nestjs/common';
import pino from 'pino';
import { AppConfig, appConfig } from '../config/app.config';
import { AppLogger, ROOT_LOGGER } from './app-logger';
import { withOutputFormat } from './output-format';

/** Readable lines on a terminal, JSON lines otherwise (`withOutputFormat`). */
function rootLogger(level: string): pino.Logger {
  const format = withOutputFormat({ level });
  return Array.isArray(format) ? pino(...format) : pino(format);
}

/** pino lines to stdout: Nest's logger (AppLogger) and the request log (`requestLogging`) share one. */
@Global()
@Module({
  providers: [
    { provide: ROOT_LOGGER, inject: [appConfig.KEY], useFactory: (app: AppConfig) => rootLogger(app.logLevel) },
    AppLogger,
  ],
  exports: [ROOT_LOGGER, AppLogger],
})
export class LoggingModule {}
