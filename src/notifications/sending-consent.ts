import { Injectable } from '@nestjs/common';
import type { NotificationPurpose } from './notification.types';

/** A message about to leave, as the consent check sees it. */
export interface LeavingMessage {
  readonly id: number;
  readonly vendorId: number;
  readonly purpose: NotificationPurpose;
  readonly recipient: string;
}

/** The basis a message leaves under (a ledger line, an exemption; null: it needs none), or why it may not leave. */
export type SendingVerdict = { readonly basis: string | null } | { readonly refused: string };

/**
 * How a recipient withdrew, as the outbox learns it: the unsubscribe link (one vendor), a STOP texted,
 * or the provider's report that the phone stopped our texts (error 21610; both every vendor).
 */
export type WithdrawalSource = 'unsubscribe_link' | 'sms_stop' | 'carrier_opt_out';

/** The module above that keeps the consent ledger (docs/contract.md#consent). */
export interface ConsentKeeper {
  /** Before the attempts of the messages claimed together: one indexed read; a verdict for each, in order. */
  verdictsFor(messages: readonly LeavingMessage[]): Promise<SendingVerdict[]>;
  /** In the caller's transaction: the recipients withdrew (from the vendor, or from every vendor when null). */
  withdrawn(vendorId: number | null, recipients: string[], source: WithdrawalSource): Promise<void>;
}

/**
 * The port through which the outbox asks whether a message may leave, and tells of withdrawals, without
 * importing the consent module above it. Without a keeper (a CLI building only some modules), every
 * message may leave, under no recorded basis.
 */
@Injectable()
export class SendingConsent {
  private keeper: ConsentKeeper | undefined;

  register(keeper: ConsentKeeper): void {
    this.keeper = keeper;
  }

  verdictsFor(messages: readonly LeavingMessage[]): Promise<SendingVerdict[]> {
    return this.keeper?.verdictsFor(messages) ?? Promise.resolve(messages.map(() => ({ basis: null })));
  }

  async withdrawn(vendorId: number | null, recipients: string[], source: WithdrawalSource): Promise<void> {
    await this.keeper?.withdrawn(vendorId, recipients, source);
  }
}
