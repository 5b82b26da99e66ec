import { type ExecutionContext, SetMetadata } from '@nestjs/common';

const ANSWER_NEVER_KEPT = 'idempotency:answer-never-kept';

/**
 * A write of an account whose answer is a copy of a person's data (a customer-data export): its answer is
 * never kept under an Idempotency-Key, so no copy outlives an erasure; a repeat runs again, which such a
 * route may (it changes nothing a repeat would change twice).
 */
export const AnswerNeverKept = (): MethodDecorator => SetMetadata(ANSWER_NEVER_KEPT, true);

export const answerNeverKept = (context: ExecutionContext): boolean =>
  Reflect.getMetadata(ANSWER_NEVER_KEPT, context.getHandler()) === true;
