import { Propagation, Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { text } from '../common/i18n/catalogue';
import { escapeMarkup } from '../common/markup/escape-markup';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { NotificationsService } from '../notifications/notifications.service';
import { SmsOptOuts } from '../notifications/sms-opt-outs';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { VendorsService } from '../vendors/vendors.service';
import type { LeadAlertSettingsDto } from './dto/lead-alert-settings.dto';
import type { ConfirmedChannel } from './entities/lead-alert-code.entity';
import type { LeadAlertSettings } from './entities/lead-alert-settings.entity';
import { LeadAlertCodes, MAX_CODE_ATTEMPTS } from './lead-alert-codes';
import {
  DEFAULT_LEAD_ALERT_SETTINGS,
  type LeadAlertSettingsValues,
  type StoredLeadAlertSettings,
} from './lead-alert-settings';
import { LeadAlertSettingsRepository } from './lead-alert-settings.repository';

/**
 * Who hears of a vendor's new leads, and when again (docs/contract.md#speed-to-lead). An alert phone, or an
 * alert e-mail other than the vendor's own, is sent a code when set, and used once that code is entered.
 */
@Injectable()
export class LeadAlertSettingsService {
  constructor(
    private readonly repository: LeadAlertSettingsRepository,
    private readonly vendors: VendorsService,
    private readonly codes: LeadAlertCodes,
    private readonly notifications: NotificationsService,
    private readonly smsOptOuts: SmsOptOuts,
    private readonly txHost: TransactionHost,
  ) {}

  /** The vendor's settings with its account e-mail filled in; an unknown vendor is a 404. */
  async getForVendor(vendorId: number): Promise<LeadAlertSettingsValues> {
    return this.settingsOf(await this.vendors.get(vendorId));
  }

  /** The settings of a vendor already read (the alerts read it for its name and state). */
  async settingsOf(vendor: Vendor): Promise<LeadAlertSettingsValues> {
    return resolved(await this.repository.findByVendor(vendor.id), vendor);
  }

  /**
   * Replaces the whole settings; what the body leaves out takes its default. A contact kept as it was
   * stays confirmed; a new one is sent its code (once while a code for it waits).
   */
  @Transactional()
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
    const before = await this.repository.findByVendor(vendorId);
    const otherEmail = values.email !== null && !isOwnEmail(values.email, vendor) ? values.email : null;
    const stored = await this.repository.replace(vendorId, {
      ...values,
      emailConfirmedAt: otherEmail && before?.email === otherEmail ? before.emailConfirmedAt : null,
      phoneConfirmedAt: values.phone && before?.phone === values.phone ? before.phoneConfirmedAt : null,
    });
    if (!stored) throw DomainError.notFound('Vendor', vendorId);
    if (otherEmail && !stored.emailConfirmedAt) await this.sendCode(vendor, 'EMAIL', otherEmail);
    if (values.phone && !stored.phoneConfirmedAt) await this.sendCode(vendor, 'SMS', values.phone);
    return resolved(stored, vendor);
  }

  /**
   * Confirms the contact the code was sent to; answers the settings. A 409 when no code waits or the
   * code is not one of those waiting: a wrong try counts (in a transaction of its own, kept whatever the
   * request's fate) against every code waiting, and MAX_CODE_ATTEMPTS of them void the codes.
   */
  async confirm(vendorId: number, code: string): Promise<LeadAlertSettingsValues> {
    const vendor = await this.vendors.get(vendorId);
    const outcome = await this.txHost.withTransaction(Propagation.RequiresNew, async () => {
      const tried = await this.codes.use(vendorId, code);
      if (tried.used) await this.repository.confirm(tried.used);
      return tried;
    });
    if (outcome.waiting === 0) {
      throw new DomainError(
        ErrorCode.Conflict,
        `No confirmation code is waiting: setting an alert phone, or an alert e-mail other than the account's, sends one, good for 24 hours and ${MAX_CODE_ATTEMPTS} tries.`,
      );
    }
    if (!outcome.used) {
      throw new DomainError(
        ErrorCode.Conflict,
        'This code is not the one sent: check it, or set the contact again for a new one.',
      );
    }
    return this.settingsOf(vendor);
  }

  /** The code to the contact, through the outbox, in the vendor's language; none to a phone that texted STOP. */
  private async sendCode(vendor: Vendor, channel: ConfirmedChannel, contact: string): Promise<void> {
    if (channel === 'SMS' && (await this.smsOptOuts.among(vendor.id, [contact])).size > 0) return;
    const issued = await this.codes.issue(vendor.id, channel, contact);
    if (!issued) return;
    const values = { code: issued.code, vendorName: vendor.vendorName, operatorName: this.notifications.operator.name };
    const say = (key: 'leadAlertCode.subject' | 'leadAlertCode.email' | 'leadAlertCode.sms') =>
      text(vendor.defaultLocale, key, values);
    const base = { vendorId: vendor.id, purpose: 'LEAD_ALERT_CONFIRMATION' as const, subjectId: issued.id };
    const email = say('leadAlertCode.email');
    await this.notifications.enqueueAlert(
      channel === 'EMAIL'
        ? {
            ...base,
            channel,
            recipient: contact,
            subject: say('leadAlertCode.subject'),
            text: email,
            html: `<p>${escapeMarkup(email)}</p>`,
          }
        : { ...base, channel, recipient: contact, subject: null, text: say('leadAlertCode.sms'), html: null },
    );
  }
}

function isOwnEmail(email: string, vendor: Vendor): boolean {
  return email.toLowerCase() === vendor.email.toLowerCase();
}

function resolved(stored: LeadAlertSettings | null, vendor: Vendor): LeadAlertSettingsValues {
  const settings = stored ?? { ...DEFAULT_LEAD_ALERT_SETTINGS, emailConfirmedAt: null, phoneConfirmedAt: null };
  return {
    email: settings.email ?? vendor.email,
    phone: settings.phone,
    emailEnabled: settings.emailEnabled,
    smsEnabled: settings.smsEnabled,
    reAlertAfterMinutes: settings.reAlertAfterMinutes,
    emailConfirmed: settings.email === null || isOwnEmail(settings.email, vendor) || settings.emailConfirmedAt !== null,
    phoneConfirmed: settings.phone !== null && settings.phoneConfirmedAt !== null,
  };
}
