import { Injectable } from '@nestjs/common';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { CustomerDataExport } from '../common/privacy/customer-data-export';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { Retention } from '../common/privacy/retention';
import type { WalkedBatch } from '../common/privacy/retention-walk';
import { ExportedLead } from '../leads/dto/exported-lead.response';
import { ExportedLeadMessage, type LeadMessageRecord } from './dto/exported-lead-message.response';
import { LeadMessagesRepository } from './lead-messages.repository';

/**
 * The conversations' part of a person's data rights and of retention (docs/contract.md#data-rights):
 * the messages on the person's leads, both ways, their erasure, and the words retention blanks.
 */
@Injectable()
@CustomerDataProvider({
  kinds: ['leadMessages'],
  nests: [
    {
      model: ExportedLead,
      field: 'messages',
      options: { type: [ExportedLeadMessage], description: 'The conversation on the lead, both ways, oldest first.' },
    },
  ],
  erasureCounts: {
    leadMessages: {
      description: 'Messages of the conversations on those leads, either way, whose words were removed.',
      example: 2,
    },
  },
})
export class LeadMessageCustomerRecords implements CustomerDataProvider {
  readonly tables = ['lead_messages'];
  readonly retention: Retention[] = [
    {
      setting: 'RETENTION_MESSAGE_BODIES_DAYS',
      counted: 'messageBodies',
      expires: { blanks: (cutoff, afterId, limit) => this.blankBodiesBefore(cutoff, afterId, limit) },
    },
  ];

  constructor(private readonly messages: LeadMessagesRepository) {}

  /** By lead: a conversation belongs to its lead, found by the person's contacts. */
  async find(finding: PersonFinding): Promise<void> {
    const messages: LeadMessageRecord[] = (await this.messages.ofLeads(finding.ids('leads'))).map(
      ({ id, leadId, direction, channel, body, at }) => ({ id, leadId, direction, channel, body, at }),
    );
    finding.add('leadMessages', messages, { values: messages.map((m) => m.body) });
  }

  /** Nested in their leads, oldest first. */
  exportTo(answer: CustomerDataExport): void {
    const messages = answer.finding.records<LeadMessageRecord>('leadMessages');
    answer.nest('leads', 'messages', (lead: ExportedLead) =>
      messages
        .filter((message) => Number(message.leadId) === lead.id)
        .map((message) => ExportedLeadMessage.from(message)),
    );
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
