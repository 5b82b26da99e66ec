import { HttpStatus } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { FieldError } from '../errors/domain-error';

export interface SuccessEnvelope<T> {
  success: true;
  data?: T;
  message?: string;
}

export interface ErrorEnvelope {
  success: false;
  error: string;
  details?: FieldError[];
}

/**
 * Returned by a handler that wants a `message` beside (or instead of) its `data`, and, where the
 * outcome decides it, a status other than the route's (a create that skipped a duplicate answers 200).
 */
export class WithMessage<T = undefined> {
  constructor(
    readonly message: string,
    readonly data?: T,
    readonly status?: HttpStatus,
  ) {}
}

/** An answer kept as the JSON text first sent (a replayed idempotent write): sent byte for byte. */
export class Enveloped {
  constructor(readonly json: string) {}
}

/** Returned by a `@Redirect()` route: where the browser goes, outside the envelope. */
export class Redirection {
  constructor(
    readonly url: string,
    readonly statusCode: HttpStatus = HttpStatus.SEE_OTHER,
  ) {}
}

@ApiSchema({ name: 'FieldError', description: 'One invalid input field and what is wrong with it.' })
export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'size' })
  field: string;

  @ApiProperty({ example: 'size must not be greater than 100' })
  message: string;
}

@ApiSchema({ name: 'ErrorEnvelope', description: 'Every error answer: `success` is false and `error` says why.' })
export class ErrorEnvelopeDto implements ErrorEnvelope {
  @ApiProperty({ type: 'boolean', enum: [false] })
  success: false;

  @ApiProperty({ description: 'One readable sentence.' })
  error: string;

  @ApiProperty({
    type: [FieldErrorDto],
    required: false,
    maxItems: 20,
    description:
      'The invalid fields, at most 20: when there are more, the last entry (field `…`) says how many (`and N more`).',
  })
  details?: FieldError[];
}
