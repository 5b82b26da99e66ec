/**
 * Query parameters whose values say nothing about a person or a credential: paging, filters, dates
 * and flags. Every other value is masked, whatever it is called (`access_token`, `email`, `search`,
 * a parameter no route reads), so a secret a client puts in a URL never reaches the log.
 */
const HARMLESS_QUERY_KEYS = new Set([
  'page',
  'size',
  'filter',
  'sort',
  'from',
  'to',
  'after',
  'limit',
  'skipDuplicates',
  'sent',
]);
// Customer, referred-friend and lead-unsubscribe links carry the secret that opens their page:
// /r/<token>[/...], /i/<token>[/...], /l/<token>/unsubscribe, in either case (the router matches /R/ too).
const CUSTOMER_LINK = /^(\/[ril]\/)[^/?#]+/i;
// An absolute http(s) URL in a text, up to what ends it in prose or markup.
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/gi;
// A matrix parameter (`;access_token=...`) in a path segment: its value, whatever its name.
const MATRIX_VALUE = /;([^/;=?#]*)=[^/;?#]*/g;
// A value shaped like a credential, whatever it is called or wherever it is: a JWT, or a long run of
// letters and digits (a page token, an API key, a link token) holding both.
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/;
const LONG_RANDOM = /^(?=[^]*[A-Za-z])(?=[^]*\d)[A-Za-z0-9_+/=~.-]{24,}$/;
// Neither shape fits in fewer characters (a JWT's two dots and two parts of 8), and decoding never
// lengthens a value: a shorter part of a URL is kept without decoding it or trying the shapes.
const SHORTEST_SECRET = 18;

/** Whether a (decoded) value looks like a credential by its shape alone. */
export function looksSecret(value: string): boolean {
  return JWT.test(value) || LONG_RANDOM.test(value);
}

/** Whether a part of the URL, as sent (percent-encoded), looks like a credential once decoded. */
const encodedLooksSecret = (part: string): boolean => part.length >= SHORTEST_SECRET && looksSecret(decodeSafely(part));

/** Whether some segment of the path is long enough to be a credential. */
function hasLongSegment(path: string): boolean {
  for (let start = 0; ;) {
    const end = path.indexOf('/', start);
    if ((end === -1 ? path.length : end) - start >= SHORTEST_SECRET) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}

/** The path with link secrets, matrix parameter values and credential-shaped segments masked. */
function maskPath(path: string): string {
  // Tested first: a replace that finds nothing costs several times the test, on every request.
  const linkMasked = CUSTOMER_LINK.test(path) ? path.replace(CUSTOMER_LINK, '$1***') : path;
  const masked = linkMasked.includes(';') ? linkMasked.replace(MATRIX_VALUE, ';$1=***') : linkMasked;
  if (!hasLongSegment(masked)) return masked;
  return masked
    .split('/')
    .map((segment) => (encodedLooksSecret(segment) ? '***' : segment))
    .join('/');
}

/**
 * The request URL as it may be logged: query values outside the harmless ones, any value shaped like a
 * credential (in the query or the path), matrix parameter values and link secrets replaced.
 */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = maskPath(queryStart === -1 ? url : url.slice(0, queryStart));
  if (queryStart === -1) return path;
  // Pair by pair along the URL: no array of its pairs and no callback per pair, on every request.
  let masked = `${path}?`;
  for (let start = queryStart + 1; ;) {
    const end = url.indexOf('&', start);
    masked += maskedPair(url.slice(start, end === -1 ? url.length : end));
    if (end === -1) return masked;
    masked += '&';
    start = end + 1;
  }
}

/** A query's `key=value` as logged: as sent when the key is harmless and the value no credential's shape. */
function maskedPair(pair: string): string {
  const separator = pair.indexOf('=');
  const key = separator === -1 ? pair : pair.slice(0, separator);
  const value = separator === -1 ? '' : pair.slice(separator + 1);
  if (HARMLESS_QUERY_KEYS.has(decodeSafely(key)) && !encodedLooksSecret(value)) return pair;
  // A bare `?<value>` has no name to keep: it may be the secret itself.
  return separator === -1 ? '***' : `${key}=***`;
}

/** A text (an e-mail written to the log) with every URL in it masked as `maskUrl` masks a request's. */
export function maskUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    return pathStart === -1 ? url : url.slice(0, pathStart) + maskUrl(url.slice(pathStart));
  });
}

/** The value decoded; one without a `%` decodes to itself. */
function decodeSafely(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
