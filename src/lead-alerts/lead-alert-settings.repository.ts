import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { Sql } from '../database/sql';
import { LeadAlertSettings } from './entities/lead-alert-settings.entity';
import { LEAD_ALERT_SQL } from './lead-alerts.sql';
import type { StoredLeadAlertSettings } from './lead-alert-settings';
import type { LeadAlertCode } from './entities/lead-alert-code.entity';

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
  async replace(
    vendorId: number,
    values: StoredLeadAlertSettings & Pick<LeadAlertSettings, 'emailConfirmedAt' | 'phoneConfirmedAt'>,
  ): Promise<LeadAlertSettings | null> {
    try {
      await this.sql.run(LEAD_ALERT_SQL.replaceSettings.bind({ vendorId, ...values }));
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    return this.findByVendor(vendorId);
  }

  /** The contact the code was sent to confirmed, if the settings still name it (a code's use stamps it). */
  async confirm(code: LeadAlertCode): Promise<void> {
    const statement = code.channel === 'EMAIL' ? LEAD_ALERT_SQL.confirmEmail : LEAD_ALERT_SQL.confirmPhone;
    await this.sql.run(statement.bind({ vendorId: code.vendorId, contact: code.contact, now: code.usedAt }));
  }
}
