import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, FieldError } from '../errors/domain-error';

/** Flattens class-validator's nested errors into `field.path: message` pairs. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** class-validator with the service's rules, plus a refusal of NUL characters anywhere in the input. */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const field = findNul(value, '');
    if (field !== undefined) {
      const name = field || metadata.data || metadata.type;
      const message = `${name} must not contain NUL characters`;
      throw DomainError.invalid(`Invalid request: ${message}.`, [{ field: name, message }]);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
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
