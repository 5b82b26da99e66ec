import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { MANAGER_API_PREFIX, VENDOR_API_PREFIX } from '../auth/decorators/access.decorators';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { CUSTOMER_PAGE_PATHS } from '../customer-pages/customer-pages.module';

/** OpenTelemetry's recommended buckets for `http.server.request.duration`. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** A request no route took (an unknown path, the documents, a refusal before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Which limited surface a route belongs to, for the count of 429s. */
export function surfaceOf(route: string, path: string): string {
  if (route.startsWith(`/${VENDOR_API_PREFIX}/`)) return 'vendor';
  if (route.startsWith(`/${MANAGER_API_PREFIX}/`)) return 'manager';
  if (route === '/sms/inbound') return 'sms_webhook';
  return CUSTOMER_PAGE_PATHS.test(path) ? 'customer_pages' : 'other';
}

/**
 * The HTTP instruments of OpenTelemetry's semantic conventions (`http.server.request.duration`,
 * `http.server.active_requests`, in Prometheus's naming), labelled by the route's template, never the
 * path a client wrote, so the series stay as many as the routes whatever is requested.
 */
@Injectable()
export class HttpMetrics {
  private readonly duration;
  private readonly limited;
  /** Requests in flight: a plain count on the request path, read by the gauge at scrape time. */
  private inFlight = 0;

  constructor(metrics: MetricsRegistry) {
    this.duration = metrics.histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Duration of HTTP server requests, by method, route template and status code',
      labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
      buckets: DURATION_BUCKETS,
    });
    const inFlight = () => this.inFlight;
    metrics.gauge({
      name: 'http_server_active_requests',
      help: 'HTTP server requests in flight',
      collect() {
        this.set(inFlight());
      },
    });
    this.limited = metrics.counter({
      name: 'http_rate_limited_requests_total',
      help: 'Requests refused with 429 by the rate limiter, by surface (vendor, manager, customer_pages, sms_webhook, other)',
      labelNames: ['surface'],
    });
  }

  /** A request starts: told by the request log's hook (`RequestObserver`), one of the first middlewares. */
  started(): void {
    this.inFlight++;
  }

  /** A request ends, answered or its connection closed first. */
  ended(request: IncomingMessage, response: ServerResponse, seconds: number): void {
    this.inFlight--;
    const routed = request as Request;
    // Nest registers each route on the application with its whole path (prefix, controller, handler).
    const template = routed.route as { path?: unknown } | undefined;
    const route = typeof template?.path === 'string' ? template.path : UNMATCHED_ROUTE;
    const status = response.statusCode;
    this.duration.observe(
      { http_request_method: request.method, http_route: route, http_response_status_code: status },
      seconds,
    );
    if (status === 429) this.limited.inc({ surface: surfaceOf(route, routed.path) });
  }
}
