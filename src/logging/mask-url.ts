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
// Customer and referred-friend links carry the secret that opens their page: /r/<token>[/...], /i/<token>[/...]
const CUSTOMER_LINK = /^(\/[ri]\/)[^/?#]+/;

/** The request URL as it may be logged: query values outside the harmless ones and link secrets replaced. */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(CUSTOMER_LINK, '$1***');
  if (queryStart === -1) return path;
  const masked = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const key = separator === -1 ? pair : pair.slice(0, separator);
      if (HARMLESS_QUERY_KEYS.has(decodeSafely(key))) return pair;
      // A bare `?<value>` has no name to keep: it may be the secret itself.
      return separator === -1 ? '***' : `${key}=***`;
    });
  return `${path}?${masked.join('&')}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
