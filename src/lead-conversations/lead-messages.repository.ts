import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { MoreThan } from 'typeorm';
import { LeadMessage } from './entities/lead-message.entity';

export type NewLeadMessageRow = Omit<LeadMessage, 'id' | 'vendor' | 'lead'>;

/** The conversations' messages; in the caller's transaction when there is one. */
@Injectable()
export class LeadMessagesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

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
}
