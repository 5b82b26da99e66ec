import { Inject, Injectable, Logger } from '@nestjs/common';
import { MetricsRegistry } from '../../common/metrics/metrics-registry';
import { Clock } from '../../common/time/clock';
import { NotificationsConfig, notificationsConfig } from '../../config/notifications.config';
import { Sql } from '../../database/sql';
import { DeliveryFailure } from '../delivery/delivery-failure';
import { NOTIFICATION_SQL } from '../notifications.sql';
import { type SenderUse, chooseSender } from './choose-sender';

/** Why a text is not sent when every pool number is another vendor's for the phone; `lastError` and the 409 say it. */
export const SENDER_POOL_FULL_REASON =
  'Not sent: every SMS_FROM number already carries another vendor’s conversation with this phone, and a number is never shared (replies would reach the wrong vendor).';

/** Where a full pool refused a text: a direct request (409), or a queued message at delivery (FAILED). */
export type PoolFullAt = 'request' | 'delivery';

/**
 * The SMS_FROM pool (docs/contract.md#sms-replies): each (phone, vendor) pair texts from one number of it, so that the
 * phone's replies, routed by (`From`, `To`), reach the vendor that wrote. A number is never shared by two
 * vendors for one phone. Numbers are taken when a message leaves, in the transaction that records which
 * number it leaves from.
 */
@Injectable()
export class SmsSenderPool {
  private readonly logger = new Logger(SmsSenderPool.name);
  private readonly refusals;

  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly sql: Sql,
    private readonly clock: Clock,
    metrics: MetricsRegistry,
  ) {
    this.refusals = metrics.counter({
      name: 'sms_sender_pool_full_total',
      help: 'Texts not sent because every SMS_FROM number carries another vendor’s conversation with the phone, by where (request, delivery)',
      labelNames: ['at'],
    });
  }

  /**
   * In the caller's transaction: the number the vendor texts this phone from now, with the time to
   * record it as used at, which the caller does before it commits. Two messages to one phone choose
   * their numbers one after the other (a lock on the phone until commit). Undefined when SMS_FROM is
   * not set (texts go to the log). Throws a permanent `SENDER_POOL_FULL` failure (reported to the
   * operator) when every number is another vendor's for the phone.
   */
  async choose(phone: string, vendorId: number): Promise<{ sender: string; usedAt: Date } | undefined> {
    const pool = this.config.sms?.senderPool;
    if (!pool) return undefined;
    const uses = await this.sql.rows(NOTIFICATION_SQL.senderUsesLocked.bind({ phone }));
    const usedAt = this.clock.now();
    const sender = chooseSender(pool, vendorId, uses, usedAt);
    if (sender === null) {
      this.reportFull(vendorId, 'delivery');
      throw DeliveryFailure.permanent('SENDER_POOL_FULL', SENDER_POOL_FULL_REASON);
    }
    return { sender, usedAt };
  }

  /**
   * Whether the vendor may text a phone from the pool now (a number is its or free), given every pair of
   * that phone (`uses`), checked before a request queues a text; a refusal is reported to the operator.
   * True without SMS_FROM.
   */
  hasNumberFor(vendorId: number, uses: readonly SenderUse[]): boolean {
    const pool = this.config.sms?.senderPool;
    if (!pool || chooseSender(pool, vendorId, uses, this.clock.now()) !== null) return true;
    this.reportFull(vendorId, 'request');
    return false;
  }

  /** The operator's one signal that the pool is too small for the vendors writing to one phone (a log line and `sms_sender_pool_full_total`). */
  private reportFull(vendorId: number, at: PoolFullAt): void {
    this.refusals.inc({ at });
    this.logger.warn({
      event: 'sms_sender_pool_full',
      vendorId,
      at,
      poolSize: this.config.sms?.senderPool.length ?? 0,
      msg: 'A text was not sent: every SMS_FROM number is another vendor’s for this phone. Add numbers to SMS_FROM.',
    });
  }
}
