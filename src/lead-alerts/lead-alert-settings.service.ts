import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { VendorsService } from '../vendors/vendors.service';
import type { LeadAlertSettingsDto } from './dto/lead-alert-settings.dto';
import {
  DEFAULT_LEAD_ALERT_SETTINGS,
  type LeadAlertSettingsValues,
  type StoredLeadAlertSettings,
} from './lead-alert-settings';
import { LeadAlertSettingsRepository } from './lead-alert-settings.repository';

/** Who hears of a vendor's new leads, and when again (docs/contract.md#speed-to-lead). */
@Injectable()
export class LeadAlertSettingsService {
  constructor(
    private readonly repository: LeadAlertSettingsRepository,
    private readonly vendors: VendorsService,
  ) {}

  /** The vendor's settings with its account e-mail filled in; an unknown vendor is a 404. */
  async getForVendor(vendorId: number): Promise<LeadAlertSettingsValues> {
    return this.settingsOf(await this.vendors.get(vendorId));
  }

  /** The settings of a vendor already read (the alerts read it for its name and state). */
  async settingsOf(vendor: Vendor): Promise<LeadAlertSettingsValues> {
    const stored = (await this.repository.findByVendor(vendor.id)) ?? DEFAULT_LEAD_ALERT_SETTINGS;
    return resolved(stored, vendor);
  }

  /** Replaces the whole settings; what the body leaves out takes its default. */
  async replace(vendorId: number, body: LeadAlertSettingsDto): Promise<LeadAlertSettingsValues> {
    const values: StoredLeadAlertSettings = { ...DEFAULT_LEAD_ALERT_SETTINGS };
    for (const key of Object.keys(values) as (keyof StoredLeadAlertSettings)[]) {
      if (body[key] !== undefined) Object.assign(values, { [key]: body[key] });
    }
    if (values.smsEnabled && !values.phone) {
      const message = 'smsEnabled needs a phone: give the number alerts are texted to, or set smsEnabled to false.';
      throw DomainError.invalid(message, [{ field: 'phone', message }]);
    }
    const vendor = await this.vendors.get(vendorId);
    const stored = await this.repository.replace(vendorId, values);
    if (!stored) throw DomainError.notFound('Vendor', vendorId);
    return resolved(stored, vendor);
  }
}

function resolved(stored: StoredLeadAlertSettings, vendor: Vendor): LeadAlertSettingsValues {
  return {
    email: stored.email ?? vendor.email,
    phone: stored.phone,
    emailEnabled: stored.emailEnabled,
    smsEnabled: stored.smsEnabled,
    reAlertAfterMinutes: stored.reAlertAfterMinutes,
  };
}
