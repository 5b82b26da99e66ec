import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, map } from 'rxjs';
import { Redirection, SuccessEnvelope, WithMessage } from './envelope';

/** Wraps every handler result in the spec's `{ success: true, data }` envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (result instanceof WithMessage && result.status) {
          context.switchToHttp().getResponse<Response>().status(result.status);
        }
        return toEnvelope(result);
      }),
    );
  }
}

function toEnvelope(result: unknown): SuccessEnvelope<unknown> | StreamableFile | Redirection {
  if (result instanceof StreamableFile || result instanceof Redirection) return result;
  if (result instanceof WithMessage) {
    return result.data === undefined
      ? { success: true, message: result.message }
      : { success: true, message: result.message, data: result.data };
  }
  return { success: true, data: result };
}
