import { Logger } from '@nestjs/common';
import { AbstractLogger, LogLevel, LogMessage, QueryRunner } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation } from '../common/errors/database-errors';

/**
 * Whether a failed statement's error is an outcome its caller answers (an unknown vendor is a 404, a
 * taken e-mail a 409): logged as one debug line, by TypeORM's queries and `Sql`'s statements alike.
 */
export const answeredByCaller = (error: unknown): boolean => isForeignKeyViolation(error) || isUniqueViolation(error);

/**
 * Sends TypeORM's messages through the application logger (JSON lines with the request id), not
 * stdout. Failed and slow queries are logged without their parameters: those carry customer contact
 * details and tokens.
 */
export class TypeOrmLogger extends AbstractLogger {
  private readonly logger = new Logger('TypeORM');

  /**
   * A foreign-key or unique violation is an outcome the repositories answer (an unknown vendor is a
   * 404, a taken e-mail a 409), so it is one debug line. One that nothing expected still fails its
   * request, and the exception filter logs that 500 at error level with the database's message.
   */
  override logQueryError(error: string, query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    // Declared a string, but the driver passes PostgreSQL's error, with its SQLSTATE.
    const cause: unknown = error;
    if (answeredByCaller(cause)) {
      this.logger.debug(`Constraint violation answered by its caller: ${String(cause)}; query: ${query}`);
      return;
    }
    super.logQueryError(error, query, parameters, queryRunner);
  }

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
