import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, map } from 'rxjs';
import { Enveloped, Redirection, type SuccessEnvelope, WithMessage } from './envelope';

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

/** What a handler's result is answered with. */
export function toEnvelope(result: unknown): unknown {
  if (result instanceof StreamableFile || result instanceof Redirection) return result;
  if (result instanceof Enveloped) return result.body;
  if (result instanceof WithMessage) {
    const envelope: SuccessEnvelope<unknown> = { success: true, message: result.message };
    if (result.data !== undefined) envelope.data = result.data;
    return envelope;
  }
  return { success: true, data: result } satisfies SuccessEnvelope<unknown>;
}
