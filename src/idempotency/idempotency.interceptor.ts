import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { answerNeverKept } from './answer-never-kept.decorator';
import { IdempotencyService, keyScopeOf } from './idempotency.service';

/**
 * On every write route of an account (`@VendorWrite`, `@ManagerWrite`), outermost, after the guards (so
 * after authentication and the rate limit), inside the envelope (put on as the answer is sent): a write
 * with an Idempotency-Key runs once. Multipart uploads are keyed by their own interceptor once their
 * files are read (`ImageFilesInterceptor`), so that the files are compared too. A route whose answer is
 * never kept (`@AnswerNeverKept()`) runs on each repeat, its key checked all the same: a key every other
 * write refuses is refused there too.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.is('multipart/form-data')) return next.handle();
    if (answerNeverKept(context)) {
      keyScopeOf(request);
      return next.handle();
    }
    return this.idempotency.around(
      context,
      () => next.handle(),
      () => request.body as unknown,
    );
  }
}
