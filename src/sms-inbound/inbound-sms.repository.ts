import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { LockSpace } from '../database/advisory-locks';
import { Sql } from '../database/sql';
import { InboundSms } from './entities/inbound-sms.entity';

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
    await this.sql.run({
      sql: 'SELECT pg_advisory_xact_lock($1, hashtext($2))',
      parameters: [LockSpace.InboundSms, messageSid],
    });
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
}
