import { Injectable } from '@nestjs/common';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { WalkedBatch } from '../common/privacy/retention-walk';
import { InboundSmsRepository } from './inbound-sms.repository';

/**
 * The texts' part of a person's data rights and of retention (docs/contract.md#data-rights): what their phone texted
 * and the replies stored on their processes, their erasure, and the bodies retention blanks.
 */
@Injectable()
@CustomerDataProvider()
export class InboundSmsCustomerRecords implements CustomerDataProvider {
  readonly tables = ['inbound_sms'];

  constructor(private readonly texts: InboundSmsRepository) {}

  /** By phone and by process, so a request naming only the e-mail finds the replies too. */
  async find(finding: PersonFinding): Promise<void> {
    const texts = await this.texts.ofPerson(finding.phones, finding.ids('reputationProcesses'));
    // A reply's words are quoted by its `message.received` event.
    finding.add('inboundMessages', texts, {
      contacts: texts,
      values: texts.flatMap((t) => [t.body, t.sender, t.phone]),
    });
  }

  /**
   * In the caller's transaction: the texts keep their place and kind, without their words, their sender
   * or their phone (the managers' inbox and the process's conversation show `[erased]`).
   */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    return { inboundMessages: await this.texts.erase(finding.ids('inboundMessages')) };
  }

  /** Retention: the bodies and senders of the texts received before `cutoff`, walked by id as the outbox's are. */
  blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    return this.texts.blankBodiesBefore(cutoff, afterId, limit);
  }
}
