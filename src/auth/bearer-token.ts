/**
 * `Authorization: Bearer <JWT>`. The scheme name is case-insensitive (RFC 9110 §11.1), and one or
 * more spaces may follow it; the token is the three base64url parts of a JWT.
 */
const BEARER = /^bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** The token of a bearer Authorization header; undefined when the header is absent or not one. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header.trim())?.[1];
}
