import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock';
import { NotificationsConfig, notificationsConfig } from '../../config/notifications.config';
import { LockSpace, lockTextUntilCommit } from '../../database/advisory-locks';
import { Sql } from '../../database/sql';
import { NOTIFICATION_SQL } from '../notifications.sql';
import { chooseSender } from './choose-sender';

/**
 * The SMS_FROM pool (docs/contract.md#sms-replies): each (phone, vendor) pair texts from one number of it, so that the
 * phone's replies, routed by (`From`, `To`), reach the vendor that wrote. Numbers are taken when a
 * message leaves, in the transaction that records which number it leaves from.
 */
@Injectable()
export class SmsSenderPool {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /**
   * In the caller's transaction: the number the vendor texts this phone from now, recorded as used. Two
   * messages to one phone take their numbers one after the other (a lock on the phone until commit).
   * Null when SMS_FROM is not set (texts go to the log).
   */
  async take(phone: string, vendorId: number): Promise<string | null> {
    const pool = this.config.sms?.senderPool;
    if (!pool) return null;
    await lockTextUntilCommit(this.sql, LockSpace.SmsSenderPairs, phone);
    const uses = await this.sql.rows(NOTIFICATION_SQL.senderUses.bind({ phone }));
    const now = this.clock.now();
    const sender = chooseSender(pool, vendorId, uses, now);
    await this.sql.run(NOTIFICATION_SQL.recordSenderUse.bind({ phone, vendorId, sender, lastUsedAt: now }));
    return sender;
  }
}
