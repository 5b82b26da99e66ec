import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import type { AutomationSettingsValues } from './automation-settings';
import { AutomationSettings } from './entities/automation-settings.entity';

@Injectable()
export class AutomationSettingsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  findByVendor(vendorId: number): Promise<AutomationSettings | null> {
    return this.txHost.tx.findOneBy(AutomationSettings, { vendorId });
  }

  /** Stores the whole settings; null when the vendor does not exist (the foreign key says so). */
  async replace(vendorId: number, values: AutomationSettingsValues): Promise<AutomationSettings | null> {
    try {
      await this.txHost.tx.upsert(AutomationSettings, { vendorId, ...values }, ['vendorId']);
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    return this.findByVendor(vendorId);
  }
}
