import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { posix } from 'node:path';

/**
 * What an API answer carries: JSON read by programs and never rendered, so the set the OWASP REST Security
 * Cheat Sheet gives an API (nothing may load, frame, sniff or keep it) rather than a document's, and one
 * account's data, which no browser or shared cache may keep.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};
const apiHeaders = Object.entries(API_SECURITY_HEADERS);

/**
 * A path as a browser or proxy would resolve it: percent-encoding decoded, `.` and `..` segments and
 * repeated slashes resolved, so `/./rest-api-v1/…` or `//rest-api-v1/…` is the API's path.
 */
function resolvedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Refused later (bad-bytes.ts); its headers follow the path as written.
  }
  return posix.normalize(decoded);
}

/**
 * The security headers of every answer. A path under one of `apiPrefixes`, matched as Express matches a
 * mounted path (in any letter case, the prefix whole) once its dot segments and repeated slashes are
 * resolved, gets the API's set; every other answer (the Swagger UI, health, images and the customer
 * pages, which tighten it further) helmet's defaults for documents.
 */
export function securityHeaders(apiPrefixes: readonly string[]): RequestHandler {
  const api = new RegExp(`^/(?:${apiPrefixes.join('|')})(?:/|$)`, 'i');
  const documents = helmet();
  return (request, response, next) => {
    if (!api.test(request.path) && !api.test(resolvedPath(request.path))) return documents(request, response, next);
    for (const [name, value] of apiHeaders) response.setHeader(name, value);
    next();
  };
}
