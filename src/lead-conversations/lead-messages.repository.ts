import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, MoreThan } from 'typeorm';
import { ERASED } from '../common/privacy/customer-contact';
import { type WalkedBatch, walkedBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import { LeadMessage } from './entities/lead-message.entity';
import { LEAD_MESSAGE_SQL } from './lead-messages.sql';

export type NewLeadMessageRow = Omit<LeadMessage, 'id' | 'vendor' | 'lead'>;

/** The conversations' messages; in the caller's transaction when there is one. */
@Injectable()
export class LeadMessagesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  insert(message: NewLeadMessageRow): Promise<LeadMessage> {
    return this.manager.save(LeadMessage, { ...message } as LeadMessage);
  }

  findById(id: number): Promise<LeadMessage | null> {
    return this.manager.findOneBy(LeadMessage, { id });
  }

  /** The lead's messages after the one with id `after`, oldest first: a range of idx_lead_messages_lead. */
  page(leadId: number, after: number, limit: number): Promise<LeadMessage[]> {
    return this.manager.find(LeadMessage, {
      where: { leadId, id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** When the customer's last text on the lead arrived (idx_lead_messages_lead_inbound); null when none did. */
  async lastInboundAt(leadId: number): Promise<Date | null> {
    const last = await this.manager.findOne(LeadMessage, {
      select: { id: true, at: true },
      where: { leadId, direction: 'inbound' },
      order: { id: 'DESC' },
    });
    return last?.at ?? null;
  }

  /** The e-mail an unsubscribe link came with; null for an unknown token. */
  byUnsubscribeToken(unsubscribeToken: string): Promise<LeadMessage | null> {
    return this.manager.findOneBy(LeadMessage, { unsubscribeToken });
  }

  /** Every message of these leads, by lead then in order (idx_lead_messages_lead). */
  ofLeads(leadIds: number[]): Promise<LeadMessage[]> {
    if (leadIds.length === 0) return Promise.resolve([]);
    return this.manager.find(LeadMessage, { where: { leadId: In(leadIds) }, order: { leadId: 'ASC', id: 'ASC' } });
  }

  /** The messages' words `[erased]`; the messages keep their place, direction and time. Answers how many. */
  async erase(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.manager.update(LeadMessage, { id: In(ids) }, { body: ERASED });
    return result.affected ?? 0;
  }

  /**
   * Retention: the words of the messages among the next `limit` after the message `afterId` that were
   * written or received before `cutoff` (the pass walks the primary key forward, and stops at the first
   * batch that reaches the cutoff: ids grow with time). A message still held by quiet hours keeps them.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows = await this.sql.rows(
      LEAD_MESSAGE_SQL.blankBodiesBefore.bind({ cutoff, afterId, limit, erased: ERASED }),
    );
    return walkedBatchOf(rows, limit);
  }
}
