import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { Sql } from '../database/sql';
import { LeadAlertSettings } from './entities/lead-alert-settings.entity';
import { LEAD_ALERT_SQL } from './lead-alerts.sql';
import type { StoredLeadAlertSettings } from './lead-alert-settings';

@Injectable()
export class LeadAlertSettingsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  findByVendor(vendorId: number): Promise<LeadAlertSettings | null> {
    return this.txHost.tx.findOneBy(LeadAlertSettings, { vendorId });
  }

  /** Stores the whole settings; null when the vendor does not exist (the foreign key says so). */
  async replace(vendorId: number, values: StoredLeadAlertSettings): Promise<LeadAlertSettings | null> {
    try {
      await this.sql.run(LEAD_ALERT_SQL.replaceSettings.bind({ vendorId, ...values }));
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    return this.findByVendor(vendorId);
  }
}
