import type { IncomingMessage, ServerResponse } from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { maskUrl } from './mask-url';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

type LoggedRequest = IncomingMessage & { id: string; originalUrl?: string };

/** The request being answered, for the lines logged while it runs (read only when a line is written). */
const requests = new AsyncLocalStorage<LoggedRequest>();

export const currentRequest = (): LoggedRequest | undefined => requests.getStore();

/** What a log line says of a request: never its headers, and its URL masked. */
export const loggedRequest = (req: LoggedRequest) => ({
  id: req.id,
  method: req.method,
  url: maskUrl(req.originalUrl ?? req.url ?? ''),
});

/** A client-supplied X-Request-Id is kept when it is sane, so logs can be joined across systems. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Told of every request's start and of its end (answer sent or connection closed), through the request
 * log's one hook: one timer and one listener per request, whoever watches (the HTTP metrics).
 */
export interface RequestObserver {
  started(): void;
  ended(request: IncomingMessage, response: ServerResponse, seconds: number): void;
}

/**
 * Gives every request its id and logs one line once its answer is sent (or the connection closed
 * first): method, masked URL, status and time. Health probes are not logged, but the observer sees them.
 */
export function requestLogging(logger: Logger, observer?: RequestObserver) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const request = req as LoggedRequest;
    request.id = requestId(req, res);
    const logged = !req.url?.startsWith('/health');
    if (logged || observer) {
      const started = performance.now();
      observer?.started();
      // `on`, not `once`: a response closes once, and its listeners go with it.
      res.on('close', () => {
        const ms = performance.now() - started;
        observer?.ended(req, res, ms / 1000);
        if (logged) logEnd(logger, request, res, ms);
      });
    }
    requests.run(request, next);
  };
}

function logEnd(logger: Logger, request: LoggedRequest, res: ServerResponse, ms: number): void {
  const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    { req: loggedRequest(request), res: { statusCode: res.statusCode }, responseTime: Math.round(ms) },
    res.writableFinished ? 'request completed' : 'request aborted',
  );
}
