import { ArgumentMetadata, Paramtype, ValidationError, ValidationPipe } from '@nestjs/common';
import type { FieldError } from '../errors/domain-error';
import { invalidRequest } from './invalid-request';
import { scanInput } from './input-scan';
import { parseQueryFast } from './query-fast-path';

/** Flattens class-validator's nested errors into `field.path: message` pairs. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/** Parameters that carry client input; custom ones (the uploaded files, the principal) are the service's own. */
const CLIENT_INPUT: ReadonlySet<Paramtype> = new Set(['body', 'query', 'param']);

/** class-validator with the service's rules, after scanInput has refused what it cannot judge. */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (CLIENT_INPUT.has(metadata.type)) scanInput(value, metadata.data || metadata.type);
    // A valid page query (most reads) skips class-transformer and class-validator; anything else goes on.
    if (metadata.type === 'query' && !metadata.data && metadata.metatype) {
      const parsed = parseQueryFast(metadata.metatype as new () => object, value, this.transformOptions ?? {});
      if (parsed) return parsed;
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
    exceptionFactory: (errors) => invalidRequest(toFieldErrors(errors)),
  });
}
