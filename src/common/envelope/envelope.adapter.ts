import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { Enveloped, Redirection, type SuccessEnvelope, WithMessage } from './envelope';

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

/**
 * Express, with every handler result wrapped in the spec's `{ success: true, data }` envelope as it is
 * sent. Done here rather than in a global interceptor: a route without interceptors skips Nest's
 * per-request rxjs pipeline. Errors never pass here: AllExceptionsFilter sends their envelope.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    // A create that skipped a duplicate answers 200; a replayed answer keeps the status it was kept with.
    const status =
      body instanceof WithMessage && body.status ? body.status : body instanceof Enveloped ? undefined : statusCode;
    return super.reply(response, toEnvelope(body), status);
  }
}
