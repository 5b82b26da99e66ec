/**
 * Hosts a review link may point to, so that a customer is only ever redirected to the platform the
 * link names: the host must be one of these or a subdomain of one (see isHttpsUrl).
 */
export const GOOGLE_DOMAINS = [
  /^google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  /^g\.page$/,
  /^goo\.gl$/,
  /^g\.co$/,
];
export const FACEBOOK_DOMAINS = [/^facebook\.com$/, /^fb\.com$/, /^fb\.me$/];
export const BBB_DOMAINS = [/^bbb\.org$/];
