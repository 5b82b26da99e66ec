import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import { type LeadAlertsConfig, leadAlertsConfig } from '../config/lead-alerts.config';
import { LEAD_ID_PLACEHOLDER } from '../config/lead-alerts.config';
import { type LeadsConfig, leadsConfig } from '../config/leads.config';
import { type NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { LeadAction, LeadSource, type LeadView } from '../leads/entities/lead.entity';
import { type LeadListener, LeadListeners } from '../leads/lead-listeners';
import type { NotificationChannel, VendorAlertPurpose } from '../notifications/notification.types';
import { NotificationsService } from '../notifications/notifications.service';
import { SmsOptOuts } from '../notifications/sms-opt-outs';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { LeadsService } from '../leads/leads.service';
import { type VendorActivationListener, VendorActivationListeners } from '../vendors/vendor-activation';
import { VendorsService } from '../vendors/vendors.service';
import { ReAlertOutcome } from './entities/lead-re-alert.entity';
import { type AlertKind, renderLeadAlert } from './lead-alert-message';
import type { LeadAlertSettingsValues } from './lead-alert-settings';
import { LeadAlertSettingsService } from './lead-alert-settings.service';
import { type DueReAlert, LeadReAlertsRepository } from './lead-re-alerts.repository';

const PURPOSE: Record<AlertKind, VendorAlertPurpose> = { alert: 'LEAD_ALERT', reAlert: 'LEAD_REALERT' };

/**
 * Tells the vendor's people of a new lead (docs/contract.md#speed-to-lead): told by leads through its `LeadListeners`
 * port, in the assignment's transaction, it queues the alert e-mail and SMS in the outbox, so they
 * leave at any hour (quiet hours are for customers), only if the lead committed, and as soon as it did
 * (the commit wakes the worker). A deactivated vendor is not alerted, and its alerts still queued are
 * given up. The alerts are written in the vendor's language (its `defaultLocale`). An alerted lead gets one re-alert row, due `reAlertAfterMinutes` after the assignment,
 * which `LeadReAlertPass` settles.
 */
@Injectable()
export class LeadAlertsService implements LeadListener, VendorActivationListener, OnModuleInit {
  constructor(
    private readonly listeners: LeadListeners,
    private readonly activation: VendorActivationListeners,
    private readonly settings: LeadAlertSettingsService,
    private readonly vendors: VendorsService,
    private readonly automationSettings: AutomationSettingsService,
    private readonly notifications: NotificationsService,
    private readonly leads: LeadsService,
    private readonly reAlerts: LeadReAlertsRepository,
    private readonly smsOptOuts: SmsOptOuts,
    @Inject(leadsConfig.KEY) private readonly leadsConfig: LeadsConfig,
    @Inject(leadAlertsConfig.KEY) private readonly config: LeadAlertsConfig,
    @Inject(notificationsConfig.KEY) private readonly notificationsConfig: NotificationsConfig,
  ) {}

  onModuleInit(): void {
    this.listeners.register(this);
    this.activation.register(this);
  }

  async activationChanged(vendorId: number, activated: boolean): Promise<void> {
    if (!activated) await this.notifications.withdrawAlerts(vendorId, 'Not sent: the vendor account was deactivated.');
  }

  async leadAssigned(lead: LeadView): Promise<void> {
    const vendor = await this.vendors.get(lead.vendorId);
    if (!vendor.activated) return;
    const settings = await this.settings.settingsOf(vendor);
    const channels: NotificationChannel[] = [];
    if (settings.emailEnabled) channels.push('EMAIL');
    if (await this.textable(vendor, settings)) channels.push('SMS');
    const alerted = await this.send('alert', lead, vendor, settings, channels);
    if (!alerted || settings.reAlertAfterMinutes === 0) return;
    const dueAt = new Date(lead.dateCreated.getTime() + settings.reAlertAfterMinutes * 60_000);
    await this.reAlerts.insert({ leadId: lead.id, vendorId: vendor.id, dueAt });
  }

  /**
   * The one re-alert of a lead neither viewed nor decided, by SMS when the vendor has it on, else by
   * e-mail, with the vendor's settings as they are now; answers what became of it (the caller settles
   * the row in the same transaction).
   */
  async reAlert(due: DueReAlert): Promise<ReAlertOutcome> {
    const lead = await this.leads.get(due.vendorId, due.leadId).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return undefined;
      throw error;
    });
    if (!lead || lead.vendorNotificationViewed || lead.vendorLeadAction !== LeadAction.None) {
      return ReAlertOutcome.NotNeeded;
    }
    const vendor = await this.vendors.get(due.vendorId);
    if (!vendor.activated) return ReAlertOutcome.VendorDeactivated;
    const settings = await this.settings.settingsOf(vendor);
    const channel: NotificationChannel | undefined = (await this.textable(vendor, settings))
      ? 'SMS'
      : settings.emailEnabled
        ? 'EMAIL'
        : undefined;
    if (!channel) return ReAlertOutcome.NoChannel;
    await this.send('reAlert', lead, vendor, settings, [channel]);
    return ReAlertOutcome.Sent;
  }

  /** Whether alerts go by SMS: switched on, to a confirmed phone that has not texted STOP. */
  private async textable(vendor: Vendor, settings: LeadAlertSettingsValues): Promise<boolean> {
    if (!settings.smsEnabled || !settings.phone || !settings.phoneConfirmed) return false;
    return (await this.smsOptOuts.among(vendor.id, [settings.phone])).size === 0;
  }

  /**
   * Queues the alert's messages on these channels; answers whether any was queued. The e-mail goes to
   * the alert address once confirmed, until then to the vendor's own.
   */
  private async send(
    kind: AlertKind,
    lead: LeadView,
    vendor: Vendor,
    settings: LeadAlertSettingsValues,
    channels: NotificationChannel[],
  ): Promise<boolean> {
    if (channels.length === 0) return false;
    const { timeZone } = await this.automationSettings.settingsOf(vendor.id);
    const rendered = renderLeadAlert(
      kind,
      {
        leadId: lead.id,
        vendorName: vendor.vendorName,
        category: lead.category,
        source: lead.source,
        referrerName: lead.referredByName,
        jobDescription: lead.originalJobDescription,
        smsQuotesDescription: lead.source !== LeadSource.Referral,
        customerContacts: [lead.customerEmail, lead.customerPhone, lead.customerAddress],
        expiresAt: new Date(lead.dateCreated.getTime() + this.leadsConfig.expiryHours * 3_600_000),
        timeZone,
        link: this.config.leadUrl?.replaceAll(LEAD_ID_PLACEHOLDER, String(lead.id)) ?? null,
        operatorName: this.notificationsConfig.operatorName,
      },
      vendor.defaultLocale,
    );
    const base = { vendorId: vendor.id, purpose: PURPOSE[kind], subjectId: lead.id };
    for (const channel of channels) {
      await this.notifications.enqueueAlert(
        channel === 'EMAIL'
          ? { ...base, channel, recipient: settings.emailConfirmed ? settings.email : vendor.email, ...rendered.email }
          : { ...base, channel, recipient: settings.phone!, subject: null, text: rendered.sms, html: null },
      );
    }
    return true;
  }
}
