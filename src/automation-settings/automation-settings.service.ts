import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { VendorsService } from '../vendors/vendors.service';
import {
  AUTOMATION_SETTING_NAMES,
  type AutomationSettingsValues,
  DEFAULT_AUTOMATION_SETTINGS,
} from './automation-settings';
import { AutomationSettingsRepository } from './automation-settings.repository';

/** A vendor's automation settings (docs/contract.md#automation), for the HTTP routes and for the modules that automate. */
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

  /** Replaces the whole settings (the PUT body names every one of them). */
  async replace(vendorId: number, values: AutomationSettingsValues): Promise<AutomationSettingsValues> {
    assertQuietHours(values);
    const stored = await this.repository.replace(vendorId, valuesOf(values));
    if (!stored) throw DomainError.notFound('Vendor', vendorId);
    return stored;
  }

  /**
   * Changes the settings named, keeping the others; the result must hold together as a PUT's would. The
   * quiet hours are changed as a pair, so that what a PATCH means never depends on the stored bound.
   */
  @Transactional()
  async update(vendorId: number, changes: Partial<AutomationSettingsValues>): Promise<AutomationSettingsValues> {
    assertPairNamed(changes);
    const current = await this.repository.lockForChange(vendorId);
    if (!current) throw DomainError.notFound('Vendor', vendorId);
    const values = valuesOf(current);
    for (const name of AUTOMATION_SETTING_NAMES) {
      if (changes[name] !== undefined) Object.assign(values, { [name]: changes[name] });
    }
    return this.replace(vendorId, values);
  }
}

/** Only the settings, whatever else the object carries (a DTO, an entity). */
function valuesOf(source: AutomationSettingsValues): AutomationSettingsValues {
  return Object.fromEntries(AUTOMATION_SETTING_NAMES.map((name) => [name, source[name]])) as AutomationSettingsValues;
}

/** A change names both quiet-hours bounds or neither. */
function assertPairNamed({ quietHoursStart, quietHoursEnd }: Partial<AutomationSettingsValues>): void {
  if ((quietHoursStart === undefined) === (quietHoursEnd === undefined)) return;
  const message = 'quietHoursStart and quietHoursEnd are changed together: name both, or neither.';
  const field = quietHoursStart === undefined ? 'quietHoursStart' : 'quietHoursEnd';
  throw DomainError.invalid(message, [{ field, message }]);
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
