import { Global, Module } from '@nestjs/common';
import pino from 'pino';
import { AppConfig, appConfig } from '../config/app.config';
import { AppLogger, ROOT_LOGGER } from './app-logger';
import { withOutputFormat } from './output-format';

/**
 * JSON lines written in batches of 4 KB, and at least once a second: one write per line, each a round
 * trip through libuv's thread pool, cost more than the line itself (docs/performance.md). pino writes
 * what is buffered when the process exits (main.ts exits through process.exit on a signal); a process
 * killed outright loses at most that last second.
 */
const batchedStdout = () => pino.destination({ dest: 1, minLength: 4096, periodicFlush: 1000 });

/** Readable lines on a terminal, JSON lines otherwise (`withOutputFormat`). */
function rootLogger(level: string): pino.Logger {
  const format = withOutputFormat({ level });
  return Array.isArray(format) ? pino(...format) : pino(format, batchedStdout());
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
