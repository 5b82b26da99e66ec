import { TransactionHost } from '@nestjs-cls/transactional';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { backoffDelayMs } from '../common/retry/retry-policy';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { OutboxSignal } from '../database/outbox-signal';
import { OutboxWorker } from '../database/outbox-worker';
import { EventsService } from '../events/events.service';
import { DeliveryFailure } from './delivery/delivery-failure';
import { EMAIL_SENDER, MessageSender, SMS_SENDER } from './delivery/message-sender';
import { DeliveryStatus } from './dto/delivery-status.response';
import { type NotificationPurpose, VENDOR_ALERT_PURPOSES } from './notification.types';
import { NotificationsRepository } from './notifications.repository';
import { type AttemptOutcome, OutboxMetrics } from './outbox-metrics';
import type { ClaimedNotification } from './notifications.sql';
import { SmsSenderPool } from './sender-pool/sms-sender-pool';
import { SendingConsent, type SendingVerdict } from './sending-consent';
import { SmsOptOuts } from './sms-opt-outs';

/** A claimed message with the consent check's verdict, read for its whole claim at once. */
type CheckedClaim = ClaimedNotification & { readonly consent: SendingVerdict };

/**
 * Delivers the notification outbox with the loop of OutboxWorker: up to NOTIFY_CONCURRENCY messages in
 * flight, so one slow mail server does not hold back the others. Each hand-over to the provider is
 * marked in the row first, so the retry knows when the message may have gone already. A message given
 * up for good records its `message.failed` event in the same transaction.
 */
@Injectable()
export class NotificationsWorker extends OutboxWorker<CheckedClaim> {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly repository: NotificationsRepository,
    @Inject(EMAIL_SENDER) private readonly email: MessageSender,
    @Inject(SMS_SENDER) private readonly sms: MessageSender,
    signal: OutboxSignal,
    private readonly events: EventsService,
    private readonly txHost: TransactionHost,
    private readonly smsOptOuts: SmsOptOuts,
    private readonly senders: SmsSenderPool,
    private readonly metrics: OutboxMetrics,
    private readonly consent: SendingConsent,
  ) {
    super(new Logger(NotificationsWorker.name), config, signal, 'Notification');
  }

  protected override spanAttributes(claim: CheckedClaim) {
    return { 'outbox.channel': claim.channel, 'outbox.purpose': claim.purpose };
  }

  /** Due messages, each with the consent check's verdict: one read of the ledger for all of them. */
  protected async claim(limit: number): Promise<CheckedClaim[]> {
    const claims = await this.repository.claimDue(limit, this.config.leaseMs);
    const verdicts = await this.consent.verdictsFor(claims);
    return claims.map((claim, i) => ({ ...claim, consent: verdicts[i] }));
  }

  protected async deliver(claim: CheckedClaim): Promise<void> {
    const started = performance.now();
    if (claim.attempts > this.config.maxAttempts) {
      await this.record(claim, 'failed', () =>
        this.announcedFailure(claim, () => this.repository.markExhausted(claim, this.config.maxAttempts)),
      );
      this.metrics.attempted(claim, 'failed', { code: 'INTERRUPTED' }, started);
      return;
    }
    if (claim.handoverAttempt !== null) {
      this.logger.warn(
        `${claim.channel} notification ${claim.id}: attempt ${claim.handoverAttempt} handed it over and never reported back: ` +
          'it may have been sent already. Sending again under the same Message-ID / idempotency token.',
      );
    }
    const consent = await this.consentAllows(claim);
    if (!consent) return;
    const handedOver = await this.markHandingOver(claim, consent.basis);
    if (handedOver instanceof DeliveryFailure) {
      this.metrics.attempted(claim, await this.recordFailure(claim, handedOver), handedOver, started);
      return;
    }
    if (!handedOver) return;
    try {
      await (claim.channel === 'EMAIL' ? this.email : this.sms).send(claim);
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure
          ? error
          : DeliveryFailure.transient('INTERNAL', 'Unexpected error while sending.');
      if (!(error instanceof DeliveryFailure)) this.logger.error(error);
      this.metrics.attempted(claim, await this.recordFailure(claim, failure), failure, started);
      return;
    }
    await this.record(claim, 'sent', () => this.repository.markSent(claim));
    this.metrics.attempted(claim, 'sent', null, started);
  }

  /**
   * The committed mark that this attempt hands the message over, written before it leaves, with the
   * pool number a text to a customer leaves from (taken by its first attempt, kept by the retries).
   * False, and nothing is sent, when the claim was lost or the database does not answer: the message
   * is then taken again after its lease. A message without a pool number is marked by one statement of
   * its own; a pool text chooses its number under the phone's lock (the phone's lock before the row's,
   * one order for every worker), then one statement records the number and marks the row with it. Its
   * number stays recorded when the claim was lost meanwhile: the attempt holding the claim takes that
   * same number. The pool's refusal (every number another vendor's for the phone) is answered, so the
   * message fails for good without leaving.
   */
  private async markHandingOver(claim: CheckedClaim, basis: string | null): Promise<boolean | DeliveryFailure> {
    try {
      const marked = this.leavesFromPool(claim)
        ? await this.txHost.withTransaction(async () => {
            const fromPool = await this.senders.choose(claim.recipient, claim.vendorId);
            if (!(await this.repository.markHandingOver(claim, basis, fromPool))) return false;
            claim.sender = fromPool?.sender ?? null;
            return true;
          })
        : await this.repository.markHandingOver(claim, basis);
      if (marked) return true;
      this.logger.warn(`Notification ${claim.id}: the claim ran out before the hand-over; not sent by this attempt.`);
    } catch (error) {
      if (error instanceof DeliveryFailure) return error;
      this.logger.error(
        `Notification ${claim.id}: could not mark the hand-over, not sent; it is retried after its lease: ${(error as Error).message}`,
      );
    }
    return false;
  }

  /** A text to a customer with no sender yet (not a vendor's own number): its vendor's pool number for the phone. */
  private leavesFromPool(claim: CheckedClaim): boolean {
    const alert = (VENDOR_ALERT_PURPOSES as readonly NotificationPurpose[]).includes(claim.purpose);
    return claim.channel === 'SMS' && claim.sender === null && !alert;
  }

  private async recordFailure(claim: CheckedClaim, failure: DeliveryFailure): Promise<AttemptOutcome> {
    if (failure.permanent || claim.attempts >= this.config.maxAttempts) {
      this.logger.warn(`${claim.channel} notification ${claim.id} failed for good: ${failure.reason}`);
      // The provider's word that the recipient stopped our texts: no vendor texts that phone again.
      const optOut = failure.code === 'OPTED_OUT' && claim.channel === 'SMS';
      await this.record(claim, 'failed', () =>
        this.announcedFailure(claim, async () => {
          const failed = await this.repository.markFailed(claim, failure);
          if (failed && optOut) {
            await this.smsOptOuts.add(claim.recipient, 'carrier');
            await this.consent.withdrawn(null, [claim.recipient], 'carrier_opt_out');
          }
          return failed;
        }),
      );
      return 'failed';
    }
    const retryInMs = Math.max(backoffDelayMs(claim.attempts, this.config), failure.retryAfterMs ?? 0);
    await this.record(claim, 'retry', () => this.repository.scheduleRetry(claim, failure, retryInMs));
    return 'retry';
  }

  /**
   * The consent check (docs/contract.md#consent), at each attempt, as read when claimed: answers the basis
   * the message leaves under, kept with its hand-over mark; one with no basis in force is not sent, kept as
   * SUPPRESSED with the reason, and `message.suppressed` is recorded in the same transaction (not `message.failed`).
   */
  private async consentAllows(claim: CheckedClaim): Promise<{ basis: string | null } | null> {
    const verdict = claim.consent;
    if ('basis' in verdict) return verdict;
    const reason = `Not sent: no consent in force when it was to leave (${verdict.refused}).`;
    await this.record(claim, 'failed', () =>
      this.txHost.withTransaction(async () => {
        if (!(await this.repository.markSuppressed(claim, reason))) return false;
        await this.events.record(claim.vendorId, 'message.suppressed', {
          purpose: claim.purpose,
          requestId: claim.subjectId,
          channel: claim.channel,
          reason,
        });
        return true;
      }),
    );
    return null;
  }

  /** Gives a message up and records its `message.failed` event, in one transaction. */
  private announcedFailure(claim: CheckedClaim, markFailed: () => Promise<boolean>): Promise<boolean> {
    return this.txHost.withTransaction(async () => {
      if (!(await markFailed())) return false;
      const message = await this.repository.findOne(claim.id);
      await this.events.record(claim.vendorId, 'message.failed', {
        purpose: claim.purpose,
        requestId: claim.subjectId,
        ...DeliveryStatus.from(message),
      });
      return true;
    });
  }
}
