import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import type { RequestHandler } from 'express';
import { DomainError } from '../errors/domain-error';
import { scanInput } from '../validation/input-scan';

/** The body parsers' error type for a body that is not the UTF-8 it says it is (see BODY_PARSER_MESSAGES). */
export const INVALID_UTF8 = 'entity.encoding.invalid';

/**
 * The body parsers' `verify`: a UTF-8 body must be valid UTF-8. Left to them, its bad bytes would be
 * decoded to U+FFFD without a word, and the text stored would not be the text sent.
 */
export function requireUtf8(_request: IncomingMessage, _response: unknown, body: Buffer, encoding: string): void {
  if (encoding.toLowerCase().replace('-', '') === 'utf8' && !isUtf8(body)) {
    throw Object.assign(new Error('The request body is not valid UTF-8.'), { status: 400, type: INVALID_UTF8 });
  }
}

/**
 * Bad bytes in the address, refused on every route before any handler: a path whose percent-encoding
 * is not UTF-8 or holds a NUL, and a NUL, a lone surrogate or a prototype key in the query.
 */
export const refuseBadAddress: RequestHandler = (request, _response, next) => {
  let path: string;
  try {
    path = decodeURIComponent(request.path);
  } catch {
    throw DomainError.invalid('The request path is not validly encoded.');
  }
  scanInput(path, 'path');
  scanInput(request.query, 'query');
  next();
};

/**
 * Bad bytes, refused on every route before any handler (docs/contract.md#sms-replies): those of
 * refuseBadAddress, and the same in a parsed body (JSON escapes and form percent-encoding included).
 * Routes that validate their input with DTOs refuse the same again (the validation pipe). The SMS
 * provider's form is not refused for them: its handler drops them once the signature is checked.
 */
export const refuseBadText: RequestHandler = (request, response, next) => {
  scanInput(request.body, 'body');
  refuseBadAddress(request, response, next);
};
