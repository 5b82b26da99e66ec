import { Logger } from '@nestjs/common';
import {
  DeliveryFailure,
  type ProviderCode,
  type ProviderTextContext,
  networkErrorCode,
  providerText,
} from './delivery-failure';
import type { MessageSender, OutgoingMessage } from './message-sender';
import { parseRetryAfter } from '../../common/retry/retry-policy';

export interface TwilioSettings {
  apiBaseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  sendTimeoutMs: number;
}

/** xxx-xxx-xxxx (how the service stores North-American numbers) to E.164. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10) throw new Error(`Not a normalized North-American number: ${phone}`);
  return `+1${digits}`;
}

/** Twilio's error code for a recipient who texted STOP to the sender: no send to them can succeed. */
const RECIPIENT_OPTED_OUT = 21610;

/**
 * Twilio's error codes a message can be refused with, each its own outcome class in the metrics
 * (`twilio_21211`); any other is counted as `twilio_other`, so the label stays a fixed set.
 */
const KNOWN_ERROR_CODES = new Set([
  20003, // authentication failed
  20429, // too many requests
  21211, // invalid To number
  21408, // sending to the region not enabled
  21606, // From number cannot send SMS
  21610, // recipient opted out
  21611, // From number's queue full
  21612, // To number not reachable by SMS
  21614, // To number not a mobile number
  21617, // body too long
]);

/** The header carrying the client's idempotency key: a repeated request is answered like the first, not sent again. */
export const IDEMPOTENCY_HEADER = 'I-Twilio-Idempotency-Token';

/**
 * SMS through Twilio's Messages API (or anything speaking its shape): a form-encoded POST to
 * {base}/2010-04-01/Accounts/{AccountSid}/Messages.json with basic auth. A 2xx means Twilio accepted
 * (queued) the message. Every attempt carries the row's key as idempotency token, so an attempt
 * repeated after a crash does not text the customer twice.
 */
export class TwilioSmsSender implements MessageSender {
  private readonly logger = new Logger(TwilioSmsSender.name);
  private readonly endpoint: string;
  private readonly authorization: string;
  private readonly serverHost: string;

  constructor(private readonly settings: TwilioSettings) {
    this.endpoint = `${settings.apiBaseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
    this.serverHost = new URL(settings.apiBaseUrl).hostname;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const from = message.sender ?? this.settings.from;
    const form = new URLSearchParams({ To: toE164(message.recipient), From: from, Body: message.text });
    const context = { serverHost: this.serverHost, recipient: message.recipient };
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          Authorization: this.authorization,
          Accept: 'application/json',
          [IDEMPOTENCY_HEADER]: message.messageKey,
        },
        body: form,
        signal: AbortSignal.timeout(this.settings.sendTimeoutMs),
      });
    } catch (error) {
      this.logger.warn(`SMS notification ${message.id} failed: ${providerText((error as Error).message, context)}`);
      const code = networkErrorCode(error);
      if (code === 'timeout') {
        throw DeliveryFailure.transient('TIMEOUT', 'The SMS provider did not answer in time.', {
          providerCode: 'twilio_timeout',
        });
      }
      throw DeliveryFailure.transient('UNREACHABLE', `Could not reach the SMS provider (${code ?? 'network error'}).`, {
        providerCode: 'twilio_connection',
      });
    }
    const body = await response.text().catch(() => '');
    if (response.ok) return;
    this.logger.warn(
      `SMS notification ${message.id} refused with HTTP ${response.status}: ${providerText(body, context)}`,
    );
    throw classifySmsResponse(response.status, body, response.headers.get('retry-after'), context);
  }
}

/** Twilio's error message is kept, sanitised, so the vendor learns why a number was refused. */
export function classifySmsResponse(
  status: number,
  body: string,
  retryAfter: string | null,
  context: ProviderTextContext = {},
): DeliveryFailure {
  let detail = '';
  let providerCode: unknown;
  try {
    const { code, message } = JSON.parse(body) as { code?: unknown; message?: unknown };
    providerCode = code;
    if (typeof message === 'string') {
      detail = `${Number.isSafeInteger(code) ? ` (error ${String(code)})` : ''}: ${providerText(message, context)}`;
    }
  } catch {
    // Not Twilio's JSON error shape (a proxy's page, say): the status says enough.
  }
  const reason = `The SMS provider answered HTTP ${status}${detail || '.'}`;
  const details = { providerCode: twilioErrorClass(status, providerCode) };
  if (providerCode === RECIPIENT_OPTED_OUT) return DeliveryFailure.permanent('OPTED_OUT', reason, details);
  if (status === 429 || status === 408 || status >= 500) {
    return DeliveryFailure.transient('PROVIDER_ERROR', reason, {
      ...details,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
  }
  return DeliveryFailure.permanent('REFUSED', reason, details);
}

/** A listed Twilio error code as itself; else a 5xx as the provider's outage, anything else `twilio_other`. */
function twilioErrorClass(status: number, code: unknown): ProviderCode {
  if (typeof code === 'number' && KNOWN_ERROR_CODES.has(code)) return `twilio_${code}`;
  return status >= 500 ? 'twilio_5xx' : 'twilio_other';
}
