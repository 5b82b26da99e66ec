const SENSITIVE_QUERY_KEYS = new Set(['email', 'phone', 'emailto', 'token']);
// Customer and referred-friend links carry the secret that opens their page: /r/<token>[/...], /i/<token>[/...]
const CUSTOMER_LINK = /^(\/[ri]\/)[^/?#]+/;

/** The request URL as it may be logged: customer contact details and link secrets replaced. */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(CUSTOMER_LINK, '$1***');
  if (queryStart === -1) return path;
  const masked = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [key] = pair.split('=', 1);
      return SENSITIVE_QUERY_KEYS.has(decodeSafely(key).toLowerCase()) ? `${key}=***` : pair;
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
