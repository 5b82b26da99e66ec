import {
  type Attributes,
  SpanKind,
  SpanStatusCode,
  ROOT_CONTEXT,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';

/**
 * The service's spans, through OpenTelemetry's API only: without a registered provider (tracing off,
 * see tracing-setup.ts) every call here is the API's no-op and nothing is recorded.
 */
export const tracer = () => trace.getTracer('vendor-leads');

let on = false;

/** Whether a tracer provider was registered (`startTracing`, or a test's): the hooks do nothing otherwise. */
export const tracingOn = (): boolean => on;

export const markTracingOn = (value: boolean): void => {
  on = value;
};

/** The W3C `traceparent` of the span running now, to store with what it queues; null when none. */
export function currentTraceParent(): string | null {
  if (!on) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `work` in a span of its own whose parent is the stored `traceParent` (the request that queued
 * the row), so a delivery, however late, joins its request's trace; a new trace without one.
 */
export async function inStoredTrace<T>(
  name: string,
  traceParent: string | null | undefined,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!on) return work();
  const parent = traceParent ? propagation.extract(ROOT_CONTEXT, { traceparent: traceParent }) : ROOT_CONTEXT;
  return tracer().startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
