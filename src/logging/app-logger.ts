import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { currentRequest, loggedRequest } from './request-log';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Nest's own error handlers pass a stack as a string where an error is expected. */
const STACK = /\n\s*at /;

/**
 * Nest's logger on pino: one JSON line per call, with the context (the last parameter Nest passes) and,
 * when written while a request is answered, that request's id.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const request = currentRequest();
    if (request) fields.req = loggedRequest(request);
    const extra = params.slice(0, -1);
    if (params.length) fields.context = params[params.length - 1];
    if (message instanceof Error) {
      fields.err = message;
      this.root[level](fields, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.root[level](Object.assign(fields, message));
    } else if (level === 'error' && extra.length === 1 && typeof extra[0] === 'string' && STACK.test(extra[0])) {
      fields.err = { message: String(message), stack: extra[0] };
      this.root[level](fields, String(message));
    } else {
      this.root[level](fields, String(message), ...extra);
    }
  }
}
