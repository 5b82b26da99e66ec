import { type ExecutionContext, SetMetadata } from '@nestjs/common';

const ISSUES_CREDENTIAL = 'idempotency:issues-credential';

/**
 * A write whose answer shows a credential (a token, a signing secret) once. With an Idempotency-Key
 * its answer is never kept: a repeat is a `409` saying the credential was already issued, and issues
 * no other.
 */
export const IssuesCredential = (): MethodDecorator => SetMetadata(ISSUES_CREDENTIAL, true);

export const issuesCredential = (context: ExecutionContext): boolean =>
  Reflect.getMetadata(ISSUES_CREDENTIAL, context.getHandler()) === true;
