import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { SmsOptOut } from './entities/sms-opt-out.entity';
import { SmsOptOutLift } from './entities/sms-opt-out-lift.entity';
import type { SmsOptOutSource } from './notification.types';
import { NOTIFICATION_SQL } from './notifications.sql';

/**
 * The phones that texted STOP to a sender number, or that the provider refuses to text (error 21610): no
 * vendor texts them, except the vendors the phone asked again (`START` to the number a vendor texts it
 * from). In the caller's transaction when there is one.
 */
@Injectable()
export class SmsOptOuts {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** Records the opt-out from every vendor, lifts included; a phone already opted out keeps its first source. */
  async add(phone: string, source: SmsOptOutSource): Promise<void> {
    await this.sql.run(NOTIFICATION_SQL.addSmsOptOut.bind({ phone, source }));
    await this.txHost.tx.delete(SmsOptOutLift, { phone });
  }

  /**
   * Lifts the opt-out the phone texted (START) for this vendor alone; one the provider reported stays.
   * Answers whether one was lifted now.
   */
  async liftTexted(phone: string, vendorId: number): Promise<boolean> {
    const { rowCount } = await this.sql.run(NOTIFICATION_SQL.liftSmsOptOut.bind({ phone, vendorId }));
    return rowCount > 0;
  }

  /** The phone's opt-out, for its owner's export; null when it has none. */
  of(phone: string): Promise<SmsOptOut | null> {
    return this.txHost.tx.findOneBy(SmsOptOut, { phone });
  }

  /** Erasure: the phone's opt-out and its lifts go (the suppression list takes over); answers how many opt-outs. */
  async remove(phone: string): Promise<number> {
    await this.txHost.tx.delete(SmsOptOutLift, { phone });
    const { affected } = await this.txHost.tx.delete(SmsOptOut, { phone });
    return affected ?? 0;
  }

  /** Which of these contacts are phones opted out of the vendor's texts (e-mail addresses never are). */
  async among(vendorId: number, contacts: string[]): Promise<Set<string>> {
    if (contacts.length === 0) return new Set();
    const rows = await this.sql.rows(NOTIFICATION_SQL.smsOptedOutAmong.bind({ vendorId, contacts }));
    return new Set(rows.map((row) => row.phone));
  }
}
