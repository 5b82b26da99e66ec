import { Injectable } from '@nestjs/common';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { WalkedBatch } from '../common/privacy/retention-walk';
import type { LeadMessage } from './entities/lead-message.entity';
import { LeadMessagesRepository } from './lead-messages.repository';

/** A message of a lead's conversation as a person's export shows it. */
export type LeadMessageRecord = Pick<LeadMessage, 'id' | 'leadId' | 'direction' | 'channel' | 'body' | 'at'>;

/**
 * The conversations' part of a person's data rights and of retention (docs/contract.md#data-rights):
 * the messages on the person's leads, both ways, their erasure, and the words retention blanks.
 */
@Injectable()
@CustomerDataProvider()
export class LeadMessageCustomerRecords implements CustomerDataProvider {
  readonly tables = ['lead_messages'];

  constructor(private readonly messages: LeadMessagesRepository) {}

  /** By lead: a conversation belongs to its lead, found by the person's contacts. */
  async find(finding: PersonFinding): Promise<void> {
    const messages: LeadMessageRecord[] = (await this.messages.ofLeads(finding.ids('leads'))).map(
      ({ id, leadId, direction, channel, body, at }) => ({ id, leadId, direction, channel, body, at }),
    );
    finding.add('leadMessages', messages, { values: messages.map((m) => m.body) });
  }

  /** In the caller's transaction: the words `[erased]`, both ways (the vendor's and the customer's). */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    return { leadMessages: await this.messages.erase(finding.ids('leadMessages')) };
  }

  /** Retention: the words of the messages older than `cutoff`, walked by id as the outbox's are. */
  blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    return this.messages.blankBodiesBefore(cutoff, afterId, limit);
  }
}
