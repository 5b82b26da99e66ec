import { Injectable } from '@nestjs/common';
import type { NotificationPurpose } from './notification.types';

/** A message about to leave, as the consent check sees it. */
export interface LeavingMessage {
  readonly id: number;
  readonly vendorId: number;
  readonly purpose: NotificationPurpose;
  readonly recipient: string;
  /** What the keeper's `ledgerRead` answered for it in the claim; absent or null when it read nothing there. */
  readonly ledgerLines?: unknown;
}

/** SQL expressions of a claimed message's columns, for the keeper's read in the claim. */
export interface ClaimedColumns {
  readonly contact: string;
  readonly vendorId: string;
  readonly purpose: string;
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
  /**
   * The check's read as a scalar sub-select on a claimed message's `columns`, which the claim runs for
   * each message it takes (the keeper's SQL on its own tables, in the claim's round trip): its answer is
   * the message's `ledgerLines`.
   */
  ledgerRead(columns: ClaimedColumns): string;
  /** Before each attempt of a message: one indexed read, the claim's `ledgerRead` when it made one. */
  verdictFor(message: LeavingMessage): Promise<SendingVerdict>;
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

  /** The keeper's read for the claim; without a keeper, none. */
  ledgerRead(columns: ClaimedColumns): string {
    return this.keeper?.ledgerRead(columns) ?? 'NULL';
  }

  verdictFor(message: LeavingMessage): Promise<SendingVerdict> {
    return this.keeper?.verdictFor(message) ?? Promise.resolve({ basis: null });
  }

  async withdrawn(vendorId: number | null, recipients: string[], source: WithdrawalSource): Promise<void> {
    await this.keeper?.withdrawn(vendorId, recipients, source);
  }
}
