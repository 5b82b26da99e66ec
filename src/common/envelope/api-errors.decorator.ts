import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, type ResponseObject, getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from './envelope';

/** The error statuses of docs/contract.md#envelope an operation can answer, and 500 for a fault of the service. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export interface ErrorDoc {
  description: string;
  /** The `error` sentence of the example answer. */
  example: string;
}

/** What each status means on most routes, with an answer the service really gives. */
export const ERROR_DOCS: Record<ErrorStatus, ErrorDoc> = {
  400: {
    description: 'Invalid input: a path id, query value or body field; `details` names the fields.',
    example: 'Invalid request: size must not be greater than 100.',
  },
  401: {
    description: 'The bearer token is missing, malformed, forged or revoked.',
    example: 'Authentication required: send the header Authorization: Bearer <token>.',
  },
  403: {
    description: 'The token is valid but not for this API, or the account may not use this route.',
    example: 'A manager token cannot be used on the vendor API; use a vendor token.',
  },
  404: { description: 'No such resource for this account.', example: 'Lead 42 was not found.' },
  405: {
    description:
      'A path id left empty names another path (`/general-leads/` is the list), where this method is not allowed; ' +
      'the Allow header lists the methods that are.',
    example: 'The method DELETE is not allowed on this path.',
  },
  409: {
    description:
      'A request with the same Idempotency-Key is still running, or (on a route whose answer shows a token or ' +
      'secret) already issued its credential, which is shown only once.',
    example: 'A request with this Idempotency-Key is still being processed; retry once it has finished.',
  },
  413: { description: 'The request body is larger than 100 kB.', example: 'The request body is too large.' },
  415: {
    description: 'The body is not sent as application/json.',
    example: 'This content type is not supported.',
  },
  422: {
    description: 'The Idempotency-Key was already used for a different request.',
    example:
      'This Idempotency-Key was already used for a different request (method, path, query or body); use a new key.',
  },
  429: {
    description: 'More than 250 requests in 5 minutes by this account (or, without a valid token, this client IP).',
    example: 'Rate limit exceeded: maximum 250 requests per 5 minutes. Please retry later.',
  },
  500: {
    description: 'A fault of the service, not of the request (logged with the request id); the answer says no more.',
    example: 'Internal server error.',
  },
  503: {
    description: 'The database is unreachable; retry later.',
    example: 'The service is temporarily unavailable. Please retry later.',
  },
};

/** A status with the meaning it has on most routes, or with this route's own description and example. */
export type ApiError = ErrorStatus | ({ status: ErrorStatus } & Partial<ErrorDoc>);

const docOf = (error: ApiError): { status: ErrorStatus } & ErrorDoc =>
  typeof error === 'number' ? { status: error, ...ERROR_DOCS[error] } : { ...ERROR_DOCS[error.status], ...error };

/** The response object of an error: the ErrorEnvelope schema with its own example. */
export function errorResponse(error: ApiError): ResponseObject {
  const { description, example } = docOf(error);
  return {
    description,
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(ErrorEnvelopeDto) },
        example: { success: false, error: example },
      },
    },
  };
}

/** Documents the error answers of a route or of every route of a controller, each with its own example. */
export function ApiErrors(...errors: ApiError[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ErrorEnvelopeDto),
    ...errors.map((error) => {
      const { status, description, example } = docOf(error);
      return ApiResponse({
        status,
        description,
        schema: { $ref: getSchemaPath(ErrorEnvelopeDto) },
        example: { success: false, error: example },
      });
    }),
  );
}
