import { isIPv4, isIPv6 } from 'node:net';
import { maskContact } from '../../common/privacy/mask-contact';
import type { DeliveryErrorCode } from '../notification.types';

/**
 * The provider's side of a failed attempt, for the delivery metrics: the SMTP reply class
 * (`smtp_4xx`, `smtp_5xx`), a provider's error code from a fixed list (`twilio_21211`), or how the
 * provider could not be reached (`smtp_connection`, `twilio_timeout`). A label value, so only ever
 * one of a small fixed set, never the provider's text.
 */
export type ProviderCode = string;

export interface FailureDetails {
  /** How the provider answered or could not be reached; absent when the attempt never reached one. */
  providerCode?: ProviderCode;
  /** The provider asked to wait this long (Retry-After). */
  retryAfterMs?: number;
}

/**
 * Why a delivery attempt failed, as a sender reports it: a stable `code` and a `reason` that is
 * stored and shown to the vendor. The reason may quote the provider, through `providerText` only;
 * the full error goes to the log.
 */
export class DeliveryFailure extends Error {
  readonly providerCode?: ProviderCode;
  readonly retryAfterMs?: number;

  constructor(
    readonly code: DeliveryErrorCode,
    readonly reason: string,
    /** Retrying the same message cannot succeed (address rejected, request refused). */
    readonly permanent: boolean,
    details: FailureDetails = {},
  ) {
    super(reason);
    this.name = 'DeliveryFailure';
    this.providerCode = details.providerCode;
    this.retryAfterMs = details.retryAfterMs;
  }

  static transient(code: DeliveryErrorCode, reason: string, details?: FailureDetails): DeliveryFailure {
    return new DeliveryFailure(code, reason, false, details);
  }

  static permanent(code: DeliveryErrorCode, reason: string, details?: FailureDetails): DeliveryFailure {
    return new DeliveryFailure(code, reason, true, details);
  }
}

/** Characters of a provider's reply kept in `lastError`. */
export const PROVIDER_TEXT_MAX = 200;

// Candidates only: each is checked with node:net before it is hidden (5.1.1 and 12:30:45 stay).
const IPV4_CANDIDATE = /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.]*\w)/g;
const IPV6_CANDIDATE = /(?<![\w:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:])/g;

/** Whom a provider's text may name: the server we talk to and the message's recipient. */
export interface ProviderTextContext {
  serverHost?: string;
  recipient?: string;
}

/**
 * A provider's own words made fit to store and show the vendor: the vendor needs to know why an
 * address bounced ("550 5.1.1 Recipient address rejected"), but not our network nor the customer's
 * contact (which would outlive an erasure in every copy of the text). One line, the recipient, IP
 * addresses and the name of the server we talk to replaced, at most PROVIDER_TEXT_MAX characters.
 */
export function providerText(text: string, { serverHost, recipient }: ProviderTextContext = {}): string {
  // eslint-disable-next-line no-control-regex
  let line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (recipient) line = maskContact(line, recipient);
  if (serverHost) line = line.replace(new RegExp(serverHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[server]');
  line = line
    .replace(/\bIPv6:/gi, '') // the tag of an address literal ([IPv6:2001:db8::1])
    .replace(IPV4_CANDIDATE, (candidate) => (isIPv4(candidate) ? '[address]' : candidate))
    .replace(IPV6_CANDIDATE, (candidate) => (isIPv6(candidate) ? '[address]' : candidate));
  const characters = Array.from(line); // whole code points: never half a surrogate pair
  return characters.length <= PROVIDER_TEXT_MAX ? line : `${characters.slice(0, PROVIDER_TEXT_MAX - 1).join('')}…`;
}

/**
 * The Node.js code of a network error (ECONNREFUSED...), looking through fetch's `cause` and under
 * nodemailer's own code (`originalCode`).
 */
export function networkErrorCode(error: unknown): string | undefined {
  // Duck-typed rather than instanceof Error: errors of Node's own modules may come from another realm.
  type NetworkError = { code?: unknown; originalCode?: unknown; name?: unknown; cause?: unknown };
  for (let current = error as NetworkError | undefined; current && typeof current === 'object';) {
    const { code, originalCode, name, cause } = current;
    if (typeof originalCode === 'string') return originalCode;
    if (typeof code === 'string') return code;
    if (name === 'TimeoutError') return 'timeout';
    current = cause as NetworkError | undefined;
  }
  return undefined;
}
