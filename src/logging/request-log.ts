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
 * Gives every request its id and logs one line once its answer is sent (or the connection closed
 * first): method, masked URL, status and time. Health probes are not logged.
 */
export function requestLogging(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const request = req as LoggedRequest;
    request.id = requestId(req, res);
    if (!req.url?.startsWith('/health')) {
      const started = Date.now();
      // `on`, not `once`: a response closes once, and its listeners go with it.
      res.on('close', () => {
        const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          { req: loggedRequest(request), res: { statusCode: res.statusCode }, responseTime: Date.now() - started },
          res.writableFinished ? 'request completed' : 'request aborted',
        );
      });
    }
    requests.run(request, next);
  };
}
