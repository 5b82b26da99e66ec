import { HttpStatus } from '@nestjs/common';

/** What went wrong, in the service's own terms; the only place these meet HTTP is ERROR_STATUS. */
export enum ErrorCode {
  InvalidInput = 'INVALID_INPUT',
  Unauthenticated = 'UNAUTHENTICATED',
  TokenRevoked = 'TOKEN_REVOKED',
  TokenExpired = 'TOKEN_EXPIRED',
  MissingScope = 'MISSING_SCOPE',
  Forbidden = 'FORBIDDEN',
  FeatureDisabled = 'FEATURE_DISABLED',
  VendorDeactivated = 'VENDOR_DEACTIVATED',
  NotFound = 'NOT_FOUND',
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  Conflict = 'CONFLICT',
  Gone = 'GONE',
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  InvalidTransition = 'INVALID_TRANSITION',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  LimitReached = 'LIMIT_REACHED',
  Unavailable = 'UNAVAILABLE',
}

export const ERROR_STATUS: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.InvalidInput]: HttpStatus.BAD_REQUEST,
  [ErrorCode.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.TokenRevoked]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.TokenExpired]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.MissingScope]: HttpStatus.FORBIDDEN,
  [ErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [ErrorCode.FeatureDisabled]: HttpStatus.FORBIDDEN,
  [ErrorCode.VendorDeactivated]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.MethodNotAllowed]: HttpStatus.METHOD_NOT_ALLOWED,
  [ErrorCode.Conflict]: HttpStatus.CONFLICT,
  [ErrorCode.Gone]: HttpStatus.GONE,
  [ErrorCode.IdempotencyKeyReused]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.InvalidTransition]: HttpStatus.CONFLICT,
  [ErrorCode.PayloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.UnsupportedMediaType]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [ErrorCode.LimitReached]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure with a message fit for the client. Services throw it; the filter maps it. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string, id: number | string): DomainError {
    return new DomainError(ErrorCode.NotFound, `${what} ${id} was not found.`);
  }

  static invalid(message: string, details?: FieldError[]): DomainError {
    return new DomainError(ErrorCode.InvalidInput, message, details);
  }
}
