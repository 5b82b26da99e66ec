import type { Application, RequestHandler } from 'express';
import { IncomingMessage, STATUS_CODES, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HttpConfig } from '../../config/http.config';
import { DomainError, ERROR_STATUS } from '../errors/domain-error';
import { methodNotAllowed, routedMethods } from './routed-methods';
import { API_SECURITY_HEADERS } from './security-headers';

// Errors Node's HTTP parser raises before Express sees the request, answered in the envelope too.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Node enforces the request and header timeouts on a timer (every 30 s by default), so a 10 s limit
 * acted only at the next check, up to 30 s late: checked every second, the limits hold within a second.
 * Node would answer a request without Host with a bare 400; `requireHost` answers it in the envelope.
 */
export const SERVER_OPTIONS: ServerOptions = { connectionsCheckingInterval: 1_000, requireHostHeader: false };

/**
 * A well-formed HTTP/1.x request line: Node refused only its method (one it does not know, e.g. TRACK).
 * No server option lets Node's parser take an unknown method, so the path for the Allow header is read
 * from the request's first bytes, which Node hands to `clientError` as the documented `rawPacket`.
 */
const UNKNOWN_METHOD_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) (\S+) HTTP\/1\.[01]\r?\n/;

/**
 * Slow or idle clients cannot hold connections open indefinitely, the number of connections is
 * capped, and what Node answers by itself (unparseable requests, methods it does not know, CONNECT, a
 * missing Host) gets the envelope rather than a bare status line or a closed connection.
 */
export function hardenServer(server: Server, http: HttpConfig, app: Application): void {
  server.requestTimeout = http.requestTimeoutMs;
  server.headersTimeout = http.headersTimeoutMs;
  server.keepAliveTimeout = http.keepAliveTimeoutMs;
  server.maxConnections = http.maxConnections;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const line =
      error.code === 'HPE_INVALID_METHOD' && UNKNOWN_METHOD_LINE.exec(error.rawPacket?.toString('latin1') ?? '');
    if (line) {
      refuseMethod(app, socket, line[1], line[2]);
      return;
    }
    const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
    endWithEnvelope(socket, status, message);
  });
  // Without a listener Node drops a CONNECT's connection unanswered; the service tunnels nothing.
  server.on('connect', (request: IncomingMessage, socket: Duplex) =>
    refuseMethod(app, socket, 'CONNECT', request.url ?? ''),
  );
}

/** HTTP/1.1 requires a Host header (RFC 9112, section 3.2); refused here so the 400 is the envelope. */
export const requireHost: RequestHandler = (request, _response, next) => {
  if (request.httpVersion !== '1.1' || request.headers.host !== undefined) return next();
  next(DomainError.invalid('The request has no Host header, which HTTP/1.1 requires.'));
};

/** A 405 for a method Express never sees, with the Allow header of the target's path. */
function refuseMethod(app: Application, socket: Duplex, method: string, target: string): void {
  const allowed = target.startsWith('/') ? routedMethods(app, target.split('?')[0]) : [];
  const refused = methodNotAllowed(method, allowed, true)!;
  endWithEnvelope(socket, ERROR_STATUS[refused.code], refused.message, { Allow: allowed.join(', ') });
}

/** What Node answers by itself is no document: the API's security headers, as every API answer has. */
const API_HEADER_LINES = Object.entries(API_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

function endWithEnvelope(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ success: false, error: message });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${API_HEADER_LINES}${extra}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
