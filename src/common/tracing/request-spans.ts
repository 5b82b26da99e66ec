import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { tracer, tracingOn } from './tracing';

/**
 * Express middleware, installed only when tracing is on: one SERVER span per request, continuing the caller's `traceparent` when it sends
 * one, named by the template of the route that took it (never the path a client wrote), active while
 * the request runs so the SQL and the rows it queues belong to it.
 */
export function requestSpans(request: Request, response: Response, next: NextFunction): void {
  if (!tracingOn()) return next();
  const parent = propagation.extract(context.active(), request.headers);
  const span = tracer().startSpan(
    request.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
    parent,
  );
  response.once('close', () => {
    const template = (request.route as { path?: unknown } | undefined)?.path;
    if (typeof template === 'string') {
      span.updateName(`${request.method} ${template}`);
      span.setAttribute('http.route', template);
    }
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), next);
}
