import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, ERROR_STATUS } from '../errors/domain-error';
import { methodNotAllowed, routedMethods } from '../http/routed-methods';
import type { ErrorEnvelope } from './envelope';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { INVALID_UTF8 } from '../http/bad-bytes';

export interface ErrorReply {
  status: number;
  body: ErrorEnvelope;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body charset is not supported.',
  'request.aborted': 'The request was aborted by the client.',
  'entity.verify.failed': 'The request body could not be verified.',
  [INVALID_UTF8]: 'The request body is not valid UTF-8 text.',
  'parameters.too.many': 'The form has too many fields.',
};

/** The codes of zlib's errors (gzip, deflate: `Z_DATA_ERROR`…) and brotli's (`ERR__ERROR_FORMAT_…`, `ERR_BROTLI_…`). */
const DECOMPRESSION_ERROR = /^(Z_|ERR__ERROR_|ERR_BROTLI)/;

const STATUS_MESSAGES: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: 'The requested resource was not found.',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'This method is not allowed on this path.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request body is too large.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'This content type is not supported.',
};

/** The status an error is answered with, without logging anything (a 5xx is logged when it is answered). */
export function errorStatusOf(exception: unknown): number {
  if (exception instanceof DomainError) return ERROR_STATUS[exception.code];
  if (exception instanceof HttpException) return exception.getStatus();
  return isDatabaseUnavailable(exception) ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.INTERNAL_SERVER_ERROR;
}

/** Turns every error, expected or not, into the `{ success: false, error }` envelope. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const reply = this.replyFor(exception, http.getRequest<Request>(), response);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(reply.status).json(reply.body);
  }

  /** The reply to a request's error: a request no route took is a 404, or a 405 with its Allow header. */
  protected replyFor(exception: unknown, request: Request, response: Response): ErrorReply {
    return this.toReply(unroutedMethod(exception, request, response) ?? exception);
  }

  toReply(exception: unknown): ErrorReply {
    if (exception instanceof DomainError) {
      const body: ErrorEnvelope = { success: false, error: exception.message };
      if (exception.details?.length) body.details = exception.details;
      return { status: ERROR_STATUS[exception.code], body };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) this.logger.error(exception.message, exception.stack);
      return { status, body: { success: false, error: httpExceptionMessage(exception) } };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.error(`Database unavailable: ${(exception as Error).message}`);
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: { success: false, error: 'The service is temporarily unavailable. Please retry later.' },
      };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : `Non-error thrown: ${String(exception)}`,
    );
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, error: 'Internal server error.' } };
  }
}

/** Nest's answer to a request no route took ("Cannot GET /x"), as opposed to a 404 a handler raised. */
const isNestNotFound = (exception: unknown): exception is NotFoundException =>
  exception instanceof NotFoundException && /^Cannot [A-Z-]+ /.test(exception.message);

/**
 * A request no route took is Nest's 404; when its path exists with other methods (or the method is one
 * the service never serves) it is a 405 instead, with the Allow header RFC 9110 asks for.
 */
function unroutedMethod(exception: unknown, request: Request, response: Response): DomainError | null {
  if (!isNestNotFound(exception)) return null;
  const allowed = routedMethods(request.app, request.path);
  const refused = methodNotAllowed(request.method, allowed);
  if (refused) response.setHeader('Allow', allowed.join(', '));
  return refused;
}

function httpExceptionMessage(exception: HttpException): string {
  const status = exception.getStatus();
  // Express and body-parser errors arrive wrapped by the adapter; their raw texts are parser internals.
  const cause = exception.cause as { type?: unknown; code?: unknown } | undefined;
  if (typeof cause?.type === 'string' && BODY_PARSER_MESSAGES[cause.type]) return BODY_PARSER_MESSAGES[cause.type];
  if (cause instanceof SyntaxError) return BODY_PARSER_MESSAGES['entity.parse.failed'];
  // zlib's own words ("incorrect header check", brotli's "Decompression failed") for a body that does not inflate.
  if (typeof cause?.code === 'string' && DECOMPRESSION_ERROR.test(cause.code)) {
    return 'The request body could not be decompressed: it does not match its Content-Encoding.';
  }
  if (cause instanceof URIError) return 'The request path is not validly encoded.';
  const response = exception.getResponse();
  const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
  // Nest's own 404 text names the method and path ("Cannot GET /x"); keep a stable, readable sentence instead.
  if (isNestNotFound(exception)) return STATUS_MESSAGES[status]!;
  return message || STATUS_MESSAGES[status] || 'The request failed.';
}
