import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Observable, map } from 'rxjs';
import { SuccessEnvelope, WithMessage } from './envelope';

/** Wraps every handler result in the spec's `{ success: true, data }` envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((result: unknown) => toEnvelope(result)));
  }
}

function toEnvelope(result: unknown): SuccessEnvelope<unknown> | StreamableFile {
  if (result instanceof StreamableFile) return result;
  if (result instanceof WithMessage) {
    return result.data === undefined
      ? { success: true, message: result.message }
      : { success: true, message: result.message, data: result.data };
  }
  return { success: true, data: result };
}
