import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import {
  DeliveryFailure,
  type ProviderCode,
  type ProviderTextContext,
  networkErrorCode,
  providerText,
} from './delivery-failure';
import type { MessageSender, OutgoingMessage } from './message-sender';

export interface SmtpSettings {
  smtpUrl: string;
  mailFrom: string;
  sendTimeoutMs: number;
  /** Connections kept open to the server: as many as the deliveries in flight, so none waits for one. */
  connections: number;
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** Codes with which nodemailer reports that the server refused the envelope or the message itself. */
const REFUSAL_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * E-mail over SMTP with nodemailer's pooled transport: connections are kept open and reused, so a
 * message costs its envelope and data, not a new connection and greeting each (a campaign sends
 * thousands). A per-message AbortSignal still bounds every attempt to NOTIFY_SEND_TIMEOUT_MS, the
 * bound the outbox lease relies on: nodemailer removes an aborted message from its queue or closes
 * the connection it was on, and the other deliveries go on.
 */
export class SmtpEmailSender implements MessageSender, OnApplicationShutdown {
  private readonly logger = new Logger(SmtpEmailSender.name);
  private readonly transporter: Transporter;
  private readonly messageIdDomain: string;
  private readonly serverHost: string;
  /** MAIL_FROM's address: each message names its own sender ("{vendor} via {operator}") in front of it. */
  private readonly fromAddress: string;

  constructor(private readonly settings: SmtpSettings) {
    const timeout = settings.sendTimeoutMs;
    this.transporter = createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: settings.connections,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
    this.messageIdDomain = /@([^>\s]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? 'localhost';
    this.fromAddress = /<([^>]+)>\s*$/.exec(settings.mailFrom)?.[1] ?? settings.mailFrom.trim();
    this.serverHost = new URL(settings.smtpUrl).hostname;
  }

  /** After the outbox worker has let its deliveries in flight finish (it stops at module destroy). */
  onApplicationShutdown(): void {
    this.transporter.close();
  }

  /** Every attempt carries the same Message-ID (the row's key), so a receiver can drop a repeat. */
  async send(message: OutgoingMessage): Promise<void> {
    try {
      await this.transporter.sendMail({
        // nodemailer quotes and encodes the name; a row without one (older rows) keeps MAIL_FROM as it is.
        from: message.fromName ? { name: message.fromName, address: this.fromAddress } : this.settings.mailFrom,
        replyTo: message.replyTo ?? undefined,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html ?? undefined,
        messageId: `<${message.messageKey}@${this.messageIdDomain}>`,
        ...(message.unsubscribeUrl && {
          list: { unsubscribe: message.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
        disableFileAccess: true,
        disableUrlAccess: true,
        signal: AbortSignal.timeout(this.settings.sendTimeoutMs),
      });
    } catch (error) {
      const context = { serverHost: this.serverHost, recipient: message.recipient };
      this.logger.warn(`E-mail notification ${message.id} failed: ${providerText((error as Error).message, context)}`);
      throw classifySmtpError(error as SmtpError, context);
    }
  }
}

/** The server's reply is kept, sanitised, so the vendor learns why an address bounced. */
export function classifySmtpError(error: SmtpError, context: ProviderTextContext = {}): DeliveryFailure {
  const { responseCode, response } = error;
  if (responseCode) {
    const reply = `The mail server answered: ${providerText(response ?? String(responseCode), context)}`;
    const details = { providerCode: smtpReplyClass(responseCode) };
    const refused = responseCode >= 500 && REFUSAL_CODES.has(error.code ?? '');
    return refused
      ? DeliveryFailure.permanent('REFUSED', reply, details)
      : DeliveryFailure.transient('PROVIDER_ERROR', reply, details);
  }
  if (error.code === 'EABORT') {
    return DeliveryFailure.transient('TIMEOUT', 'The mail server did not answer in time.', {
      providerCode: 'smtp_timeout',
    });
  }
  return DeliveryFailure.transient(
    'UNREACHABLE',
    `Could not reach the mail server (${networkErrorCode(error) ?? 'connection error'}).`,
    { providerCode: 'smtp_connection' },
  );
}

/** The class of an SMTP reply code (RFC 5321: its first digit); anything else the server said is `smtp_other`. */
function smtpReplyClass(responseCode: number): ProviderCode {
  return responseCode >= 400 && responseCode < 600 ? `smtp_${Math.floor(responseCode / 100)}xx` : 'smtp_other';
}
