import { GOOGLE_SEARCH_DOMAINS } from './google-domains';

/**
 * Hosts a review link may point to, so that a customer is only ever redirected to the platform the
 * link names: the host must be one of these or a subdomain of one (see isHttpsUrl).
 */
export const GOOGLE_DOMAINS: ReadonlySet<string> = new Set([...GOOGLE_SEARCH_DOMAINS, 'g.page', 'goo.gl', 'g.co']);
export const FACEBOOK_DOMAINS: ReadonlySet<string> = new Set(['facebook.com', 'fb.com', 'fb.me']);
export const BBB_DOMAINS: ReadonlySet<string> = new Set(['bbb.org']);
