import { SpanKind, SpanStatusCode, context } from '@opentelemetry/api';
import * as pg from 'pg';
import { tracer, tracingOn } from './tracing';

type QueryConfigLike = { text?: string; name?: string; submit?: unknown };

/**
 * `pg`'s Client with one CLIENT span per statement (the statement's text, never its values), handed to
 * the pool through its documented `Client` option only when tracing is on as the pool opens. Streams and
 * cursors (submittables) are left as they are.
 */
export class TracedPgClient extends pg.Client {
  // pg's query has a dozen overloads; this one takes them all and hands them on unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const first = args[0] as string | QueryConfigLike | undefined;

    // Tracing may be switched off after the pool opened (a test's provider shut down).
    if (!tracingOn() || (typeof first === 'object' && first?.submit)) return super.query(...(args as [string]));
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const name = (typeof first === 'object' && first?.name) || text.trimStart().split(/\s/, 1)[0] || 'query';
    const span = tracer().startSpan(
      name,
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': text } },
      context.active(),
    );
    const end = (error?: Error): void => {
      if (error) {
        span.recordException(error);
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    const callback = args.at(-1) as unknown;
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | undefined, result: unknown) => {
        end(error ?? undefined);
        (callback as (e: Error | undefined, r: unknown) => void)(error, result);
      };

      return super.query(...(args as [string]));
    }

    const result = super.query(...(args as [string])) as Promise<unknown>;
    return result.then(
      (answer) => (end(), answer),
      (error: Error) => {
        end(error);
        throw error;
      },
    );
  }
}
