import { Injectable } from '@nestjs/common';
import type { WalkedBatch } from '../database/retention-walk';
import { InboundSmsRepository, type InboundSmsRecord } from './inbound-sms.repository';

/**
 * The texts' part of a person's data rights and of retention (docs/contract.md#data-rights): what their phone texted
 * and the replies stored on their processes, their erasure, and the bodies retention blanks.
 */
@Injectable()
export class InboundSmsCustomerRecords {
  constructor(private readonly texts: InboundSmsRepository) {}

  /** Oldest first; by phone and by process, so a request naming only the e-mail finds the replies too. */
  find(phone: string | null, processIds: number[]): Promise<InboundSmsRecord[]> {
    return this.texts.ofPerson(phone, processIds);
  }

  /**
   * In the caller's transaction: the texts keep their place and kind, without their words, their sender
   * or their phone (the managers' inbox and the process's conversation show `[erased]`). Answers how
   * many still held any of them.
   */
  erase(ids: number[]): Promise<number> {
    return this.texts.erase(ids);
  }

  /** Retention: the bodies of the texts received before `cutoff`, walked by id as the outbox's are. */
  blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    return this.texts.blankBodiesBefore(cutoff, afterId, limit);
  }
}
