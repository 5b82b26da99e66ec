import { Logger } from '@nestjs/common';
import { AbstractLogger, LogLevel, LogMessage, QueryRunner } from 'typeorm';

/**
 * Sends TypeORM's messages through the application logger (JSON lines with the request id), not
 * stdout. Failed and slow queries are logged without their parameters: those carry customer contact
 * details and tokens.
 */
export class TypeOrmLogger extends AbstractLogger {
  private readonly logger = new Logger('TypeORM');

  protected writeLog(
    level: LogLevel,
    logMessage: LogMessage | string | number | (LogMessage | string | number)[],
    queryRunner?: QueryRunner,
  ): void {
    for (const message of this.prepareLogMessages(
      logMessage,
      { highlightSql: false, appendParameterAsComment: false },
      queryRunner,
    )) {
      const text = String(message.message);
      if (message.type === 'error' || message.type === 'query-error' || level === 'error') this.logger.error(text);
      else if (message.type === 'warn' || message.type === 'query-slow' || level === 'warn') this.logger.warn(text);
      else this.logger.log(text);
    }
  }
}
