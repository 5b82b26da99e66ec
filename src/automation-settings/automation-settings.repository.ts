import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { Sql } from '../database/sql';
import type { AutomationSettingsValues } from './automation-settings';
import { AUTOMATION_SETTINGS_SQL, type StoredAutomationSettings } from './automation-settings.sql';
import { AutomationSettings } from './entities/automation-settings.entity';

@Injectable()
export class AutomationSettingsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  async findByVendor(vendorId: number): Promise<StoredAutomationSettings | null> {
    const [stored] = await this.sql.rows(AUTOMATION_SETTINGS_SQL.find.bind({ vendorId }));
    return stored ?? null;
  }

  /** Stores the whole settings; null when the vendor does not exist (the foreign key says so). */
  async replace(vendorId: number, values: AutomationSettingsValues): Promise<StoredAutomationSettings | null> {
    try {
      await this.sql.run(AUTOMATION_SETTINGS_SQL.replace.bind({ vendorId, ...values }));
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    return this.findByVendor(vendorId);
  }

  /**
   * In the caller's transaction: the vendor's row, locked until it ends, first stored with the
   * columns' defaults when the vendor had none; null when the vendor does not exist.
   */
  async lockForChange(vendorId: number): Promise<AutomationSettings | null> {
    try {
      await this.sql.run(AUTOMATION_SETTINGS_SQL.insertDefaults.bind({ vendorId }));
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    return this.txHost.tx.findOne(AutomationSettings, { where: { vendorId }, lock: { mode: 'pessimistic_write' } });
  }
}
