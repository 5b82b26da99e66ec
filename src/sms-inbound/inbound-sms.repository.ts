import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { ERASED } from '../common/privacy/customer-contact';
import { LockSpace, lockTextUntilCommit } from '../database/advisory-locks';
import { type WalkedBatch, walkedBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import { InboundSms } from './entities/inbound-sms.entity';
import { INBOUND_SMS_SQL, type InboundSmsRecord } from './inbound-sms.sql';

// The customer-data module names the record through the repository.
export type { InboundSmsRecord } from './inbound-sms.sql';

export type NewInboundSms = Pick<
  InboundSms,
  'messageSid' | 'sender' | 'phone' | 'recipient' | 'body' | 'kind' | 'vendorId' | 'processId' | 'answer'
>;

/** The texts received; in the caller's transaction when there is one. */
@Injectable()
export class InboundSmsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  /** Held to the end of the transaction: a repeat of this MessageSid waits for the first to be recorded. */
  async lockMessageSid(messageSid: string): Promise<void> {
    await lockTextUntilCommit(this.sql, LockSpace.InboundSms, messageSid);
  }

  findByMessageSid(messageSid: string): Promise<InboundSms | null> {
    return this.manager.findOneBy(InboundSms, { messageSid });
  }

  insert(text: NewInboundSms): Promise<InboundSms> {
    return this.manager.save(InboundSms, text as InboundSms);
  }

  /** Replies that reached no process, oldest first, after the one with id `after`. */
  unmatched(after: number, limit: number): Promise<InboundSms[]> {
    return this.manager.find(InboundSms, {
      where: { processId: IsNull(), kind: 'REPLY', id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  ofProcess(processId: number): Promise<InboundSms[]> {
    return this.manager.find(InboundSms, { where: { processId }, order: { id: 'ASC' } });
  }

  /** The texts from a phone (idx_inbound_sms_phone) and those stored on these processes (idx_inbound_sms_process). */
  ofPerson(phones: string[], processIds: number[]): Promise<InboundSmsRecord[]> {
    return this.sql.rows(INBOUND_SMS_SQL.ofPerson.bind({ phones, processIds }));
  }

  /** Sender and body become `[erased]` and the phone null, on the rows that still hold any of them. */
  async erase(ids: number[]): Promise<number> {
    const { rowCount } = await this.sql.run(INBOUND_SMS_SQL.erase.bind({ ids, erased: ERASED }));
    return rowCount;
  }

  /**
   * Blanks the bodies and senders among the next `limit` texts after `afterId` received before `cutoff`
   * (ids grow with time, so the walk stops at the first batch that reaches the cutoff): an old text
   * keeps when it came and to which number, nothing of who sent it. Answers where it got to.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows = await this.sql.rows(
      INBOUND_SMS_SQL.blankBodiesBefore.bind({ cutoff, afterId, limit, erased: ERASED }),
    );
    return walkedBatchOf(rows, limit);
  }
}
