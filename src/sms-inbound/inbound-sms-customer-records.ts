import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { InboundSms } from './entities/inbound-sms.entity';

/** The texts' part of a person's data rights (CONTRACT 14): what a phone texted, and its erasure. */
@Injectable()
export class InboundSmsCustomerRecords {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Everything the phone texted, oldest first (idx_inbound_sms_phone). */
  find(phone: string | null): Promise<InboundSms[]> {
    if (!phone) return Promise.resolve([]);
    return this.txHost.tx.find(InboundSms, { where: { phone }, order: { id: 'ASC' } });
  }

  /** In the caller's transaction: the texts keep their place and kind, without their words or their sender. */
  async erase(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { affected } = await this.txHost.tx
      .createQueryBuilder()
      .update(InboundSms)
      .set({ body: ERASED, sender: ERASED, phone: null })
      .whereInIds(ids)
      .execute();
    return affected ?? 0;
  }
}
