import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { VendorsService } from '../vendors/vendors.service';
import { type AutomationSettingsValues, DEFAULT_AUTOMATION_SETTINGS } from './automation-settings';
import type { AutomationSettingsDto } from './dto/automation-settings.dto';
import { AutomationSettingsRepository } from './automation-settings.repository';

/** A vendor's automation settings (CONTRACT 10), for the HTTP routes and for the modules that automate. */
@Injectable()
export class AutomationSettingsService {
  constructor(
    private readonly repository: AutomationSettingsRepository,
    private readonly vendors: VendorsService,
  ) {}

  /** The vendor's settings, the defaults when it never saved any; for other modules (no vendor check). */
  async settingsOf(vendorId: number): Promise<AutomationSettingsValues> {
    return (await this.repository.findByVendor(vendorId)) ?? DEFAULT_AUTOMATION_SETTINGS;
  }

  /** As the routes answer them: an unknown vendor is a 404. */
  async getForVendor(vendorId: number): Promise<AutomationSettingsValues> {
    const stored = await this.repository.findByVendor(vendorId);
    if (stored) return stored;
    await this.vendors.get(vendorId);
    return DEFAULT_AUTOMATION_SETTINGS;
  }

  /** Replaces the whole settings; what the body leaves out takes its default. */
  async replace(vendorId: number, body: AutomationSettingsDto): Promise<AutomationSettingsValues> {
    const values: AutomationSettingsValues = { ...DEFAULT_AUTOMATION_SETTINGS };
    for (const key of Object.keys(values) as (keyof AutomationSettingsValues)[]) {
      if (body[key] !== undefined) Object.assign(values, { [key]: body[key] });
    }
    assertQuietHours(values);
    const stored = await this.repository.replace(vendorId, values);
    if (!stored) throw DomainError.notFound('Vendor', vendorId);
    return stored;
  }
}

/** Quiet hours are both HH:MM (different times) or both null. */
function assertQuietHours({ quietHoursStart, quietHoursEnd }: AutomationSettingsValues): void {
  if ((quietHoursStart === null) !== (quietHoursEnd === null)) {
    const message = 'quietHoursStart and quietHoursEnd must both be HH:MM times, or both null for no quiet hours.';
    const field = quietHoursStart === null ? 'quietHoursStart' : 'quietHoursEnd';
    throw DomainError.invalid(message, [{ field, message }]);
  }
  if (quietHoursStart !== null && quietHoursStart === quietHoursEnd) {
    const message = 'quietHoursStart and quietHoursEnd must differ (both null means no quiet hours).';
    throw DomainError.invalid(message, [{ field: 'quietHoursEnd', message }]);
  }
}
