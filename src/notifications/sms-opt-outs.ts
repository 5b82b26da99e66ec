import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { SmsOptOut } from './entities/sms-opt-out.entity';
import type { SmsOptOutSource } from './notification.types';
import { NOTIFICATION_SQL } from './notifications.sql';

/**
 * The phones that texted STOP to the sender, or that the provider refuses to text (error 21610): no
 * vendor texts them. In the caller's transaction when there is one.
 */
@Injectable()
export class SmsOptOuts {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** Records the opt-out; a phone already opted out keeps its first source. */
  async add(phone: string, source: SmsOptOutSource): Promise<void> {
    await this.sql.run(NOTIFICATION_SQL.addSmsOptOut.bind({ phone, source }));
  }

  /** Lifts the opt-out the phone texted (START); one the provider reported stays. Answers whether one was lifted. */
  async liftTexted(phone: string): Promise<boolean> {
    const { affected } = await this.txHost.tx.delete(SmsOptOut, { phone, source: 'sms' });
    return (affected ?? 0) > 0;
  }

  /** The phone's opt-out, for its owner's export; null when it has none. */
  of(phone: string): Promise<SmsOptOut | null> {
    return this.txHost.tx.findOneBy(SmsOptOut, { phone });
  }

  /** Erasure: the phone's opt-out goes (the suppression list takes over); answers how many. */
  async remove(phone: string): Promise<number> {
    const { affected } = await this.txHost.tx.delete(SmsOptOut, { phone });
    return affected ?? 0;
  }

  /** Which of these contacts are opted-out phones (e-mail addresses never are). */
  async among(contacts: string[]): Promise<Set<string>> {
    if (contacts.length === 0) return new Set();
    const rows = await this.sql.rows(NOTIFICATION_SQL.smsOptedOutAmong.bind({ contacts }));
    return new Set(rows.map((row) => row.phone));
  }
}
