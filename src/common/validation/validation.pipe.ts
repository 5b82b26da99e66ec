import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, FieldError } from '../errors/domain-error';

/** Flattens class-validator's nested errors into `field.path: message` pairs. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Query strings are converted by the DTOs' own @Type decorators, never guessed.
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const details = toFieldErrors(errors);
      const summary = details.map((d) => d.message).join('; ');
      return DomainError.invalid(`Invalid request: ${summary}.`, details);
    },
  });
}
