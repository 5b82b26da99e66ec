import { type NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { createServer } from 'node:http';
import { SERVER_OPTIONS } from '../http/http-server';
import { RouteTable } from '../http/routed-methods';
import { Enveloped, Redirection, type SuccessEnvelope, WithMessage } from './envelope';

/** What a handler's result is answered with. */
export function toEnvelope(result: unknown): unknown {
  if (result instanceof StreamableFile || result instanceof Redirection || result instanceof Enveloped) return result;
  if (result instanceof WithMessage) {
    const envelope: SuccessEnvelope<unknown> = { success: true, message: result.message };
    if (result.data !== undefined) envelope.data = result.data;
    return envelope;
  }
  return { success: true, data: result } satisfies SuccessEnvelope<unknown>;
}

/** The body and status a handler's result is sent with. */
function envelopedReply(result: unknown, statusCode?: number): { body: unknown; status?: number } {
  // A create that skipped a duplicate answers 200.
  const status = result instanceof WithMessage && result.status ? result.status : statusCode;
  return { body: toEnvelope(result), status };
}

/**
 * Express, with every handler result wrapped in the spec's `{ success: true, data }` envelope as it is
 * sent. Done here rather than in a global interceptor: a route without interceptors skips Nest's
 * per-request rxjs pipeline. Errors never pass here: AllExceptionsFilter sends their envelope.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  /** Every route registered through this adapter (Nest's router and the Swagger UI), for the 405s' Allow. */
  private readonly routes = new RouteTable(this.getInstance());

  override get(...route: Route): unknown {
    return super.get(...this.recorded('GET', route));
  }

  override post(...route: Route): unknown {
    return super.post(...this.recorded('POST', route));
  }

  override put(...route: Route): unknown {
    return super.put(...this.recorded('PUT', route));
  }

  override patch(...route: Route): unknown {
    return super.patch(...this.recorded('PATCH', route));
  }

  override delete(...route: Route): unknown {
    return super.delete(...this.recorded('DELETE', route));
  }

  override head(...route: Route): unknown {
    return super.head(...this.recorded('HEAD', route));
  }

  override options(...route: Route): unknown {
    return super.options(...this.recorded('OPTIONS', route));
  }

  /** The arguments as given, one or two (typed as the two-argument overload, which takes them spread). */
  private recorded(method: string, route: Route): [path: unknown, handler: RequestHandler] {
    if (route.length === 2) this.routes.add(method, route[0]);
    return route as [unknown, RequestHandler];
  }

  /**
   * Node's HTTP server with the options Nest's adapter does not pass (see SERVER_OPTIONS). The service
   * serves plain HTTP behind its proxy and uses none of Nest's other server options (HTTPS, forced
   * closing of connections, 503 while closing).
   */
  override initHttpServer(_options: NestApplicationOptions): void {
    this.setHttpServer(createServer(SERVER_OPTIONS, this.getInstance()));
  }

  override reply(response: Response, result: unknown, statusCode?: number): unknown {
    // A replayed answer: its status is already set, its bytes are those first sent.
    if (result instanceof Enveloped) return sendJson(response, result.json, undefined);
    const { body, status } = envelopedReply(result, statusCode);
    if (isPlainJsonAnswer(response, body, status)) return sendJson(response, JSON.stringify(body), status);
    return super.reply(response, body, status);
  }
}

/** Nest's route handler type, as its adapter declares it. */
type RequestHandler = Parameters<ExpressAdapter['get']>[1];

/** A route as the adapter is given it: a handler for every path, or a path and its handler. */
type Route = [handler: RequestHandler] | [path: unknown, handler: RequestHandler];

/** Statuses whose answer has no body (Express strips it), left to Express. */
const BODILESS = new Set([204, 205, 304]);

/** An envelope answered as JSON with nothing set that Express would have to reconcile. */
function isPlainJsonAnswer(response: Response, answer: unknown, status: number | undefined): answer is object {
  return (
    answer !== null &&
    typeof answer === 'object' &&
    !(answer instanceof StreamableFile) &&
    !(answer instanceof Redirection) &&
    !BODILESS.has(status ?? response.statusCode) &&
    response.getHeader('Content-Type') === undefined
  );
}

/**
 * The bytes `res.json()` sends for such an answer (same headers, same body; a HEAD answer keeps its
 * Content-Length and drops the body in Node), without the lookups it repeats on every call: four app
 * settings, the MIME table, parsing and re-formatting the charset, freshness, and a copy of the body
 * into a Buffer. Measured in docs/performance.md.
 */
function sendJson(response: Response, json: string, status: number | undefined): void {
  if (status !== undefined) response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
