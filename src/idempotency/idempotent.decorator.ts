import { UseInterceptors, applyDecorators } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * A write route that runs once per Idempotency-Key (docs/contract.md#idempotency): a repeat answers the first answer.
 * Put it below the route's own `@UseInterceptors`, so that it runs first (outside them) and a replayed
 * answer runs nothing inside it. Reads never take it: a route with no interceptor skips Nest's
 * per-request rxjs pipeline.
 */
export const Idempotent = (): MethodDecorator => applyDecorators(UseInterceptors(IdempotencyInterceptor));
