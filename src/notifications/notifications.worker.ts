import { TransactionHost } from '@nestjs-cls/transactional';
import { EventsService } from '../events/events.service';
import { DeliveryStatus } from './dto/delivery-status.response';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { DeliveryFailure } from './delivery/delivery-failure';
import { EMAIL_SENDER, MessageSender, SMS_SENDER } from './delivery/message-sender';
import { backoffDelayMs } from '../common/retry/retry-policy';
import { ClaimedNotification, NotificationsRepository } from './notifications.repository';
import { OutboxSignal } from '../database/outbox-signal';

/** Writing an outcome is retried briefly: until it lands, the message may be delivered again after its lease. */
const OUTCOME_WRITE_ATTEMPTS = 3;

/**
 * Delivers the outbox. Each instance runs one loop: claim due messages, send them in parallel, record
 * each outcome; sleep when there is nothing due, and wake early after a producer's transaction that
 * queued a message commits (an in-process nudge; other instances find it on their next poll). On
 * shutdown it stops claiming and lets the deliveries in flight finish, so no claim is left behind; a
 * killed process leaves its claims to be retried when their lease runs out.
 */
@Injectable()
export class NotificationsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotificationsWorker.name);
  private running = false;
  private unsubscribe?: () => void;
  private loop?: Promise<void>;
  /** Deliveries under way; none of them rejects. */
  private readonly inFlight = new Set<Promise<void>>();
  private nudged = false;
  private sleeper?: AbortController;

  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly repository: NotificationsRepository,
    @Inject(EMAIL_SENDER) private readonly email: MessageSender,
    @Inject(SMS_SENDER) private readonly sms: MessageSender,
    private readonly signal: OutboxSignal,
    private readonly events: EventsService,
    private readonly txHost: TransactionHost,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.workerEnabled) return;
    this.running = true;
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.sleeper?.abort();
    await this.loop;
  }

  private wake(): void {
    this.nudged = true;
    this.sleeper?.abort();
  }

  /**
   * Keeps up to NOTIFY_CONCURRENCY messages in flight, claiming more as slots free up, so one slow
   * mail server does not hold back the others. On shutdown, waits for those in flight.
   */
  private async run(): Promise<void> {
    while (this.running) {
      const free = this.config.concurrency - this.inFlight.size;
      if (free === 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      // Go again at once when every free slot was filled: more may be due.
      if ((await this.claimAndStart(free)) < free) await this.sleep();
    }
    await Promise.all(this.inFlight);
  }

  private async claimAndStart(limit: number): Promise<number> {
    this.nudged = false;
    try {
      const claims = await this.repository.claimDue(limit, this.config.leaseMs);
      for (const claim of claims) {
        const delivery = this.deliver(claim)
          .catch((error: unknown) => this.logger.error(error))
          .finally(() => this.inFlight.delete(delivery));
        this.inFlight.add(delivery);
      }
      return claims.length;
    } catch (error) {
      this.logger.error(`Claiming notifications failed: ${(error as Error).message}`);
      return 0;
    }
  }

  private async sleep(): Promise<void> {
    if (!this.running || this.nudged) {
      this.nudged = false;
      return;
    }
    this.sleeper = new AbortController();
    await delay(this.config.pollIntervalMs, undefined, { signal: this.sleeper.signal }).catch(() => undefined);
    this.sleeper = undefined;
    this.nudged = false;
  }

  private async deliver(claim: ClaimedNotification): Promise<void> {
    if (claim.attempts > this.config.maxAttempts) {
      await this.record(claim, 'failed', () =>
        this.announcedFailure(claim, () => this.repository.markExhausted(claim, this.config.maxAttempts)),
      );
      return;
    }
    try {
      await (claim.channel === 'EMAIL' ? this.email : this.sms).send(claim);
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure ? error : DeliveryFailure.transient('Unexpected error while sending.');
      if (!(error instanceof DeliveryFailure)) this.logger.error(error);
      await this.recordFailure(claim, failure);
      return;
    }
    await this.record(claim, 'sent', () => this.repository.markSent(claim));
  }

  private async recordFailure(claim: ClaimedNotification, failure: DeliveryFailure): Promise<void> {
    if (failure.permanent || claim.attempts >= this.config.maxAttempts) {
      this.logger.warn(`${claim.channel} notification ${claim.id} failed for good: ${failure.reason}`);
      await this.record(claim, 'failed', () =>
        this.announcedFailure(claim, () => this.repository.markFailed(claim, failure.reason)),
      );
      return;
    }
    const retryInMs = Math.max(backoffDelayMs(claim.attempts, this.config), failure.retryAfterMs ?? 0);
    await this.record(claim, 'retry', () => this.repository.scheduleRetry(claim, failure.reason, retryInMs));
  }

  /** Gives a message up and records its `message.failed` event, in one transaction. */
  private announcedFailure(claim: ClaimedNotification, markFailed: () => Promise<boolean>): Promise<boolean> {
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

  private async record(claim: ClaimedNotification, outcome: string, write: () => Promise<boolean>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await write())) {
          this.logger.warn(
            `Notification ${claim.id}: the claim had expired before the ${outcome} outcome was written.`,
          );
        }
        return;
      } catch (error) {
        if (attempt >= OUTCOME_WRITE_ATTEMPTS) {
          this.logger.error(
            `Notification ${claim.id}: could not record the ${outcome} outcome; it is retried after its lease: ${(error as Error).message}`,
          );
          return;
        }
        await delay(200 * attempt);
      }
    }
  }
}
