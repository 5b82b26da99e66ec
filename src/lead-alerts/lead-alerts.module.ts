import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationSettingsModule } from '../automation-settings/automation-settings.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { VendorsModule } from '../vendors/vendors.module';
import { LeadAlertCode } from './entities/lead-alert-code.entity';
import { LeadAlertSettings } from './entities/lead-alert-settings.entity';
import { LeadAlertCodes } from './lead-alert-codes';
import { LeadReAlert } from './entities/lead-re-alert.entity';
import { LeadAlertSettingsController, ManagerLeadAlertSettingsController } from './lead-alert-settings.controller';
import { LeadAlertSettingsRepository } from './lead-alert-settings.repository';
import { LeadAlertSettingsService } from './lead-alert-settings.service';
import { LeadAlertsScheduler } from './lead-alerts.scheduler';
import { LeadAlertsService } from './lead-alerts.service';
import { LeadReAlertPass } from './lead-re-alert-pass';
import { LeadReAlertsRepository } from './lead-re-alerts.repository';

/**
 * Speed to lead (docs/contract.md#speed-to-lead): the vendor's people hear of a new lead at once, and once more if nobody
 * looks. Above leads (told of assignments through its `LeadListeners` port) and notifications.
 */
@Module({
  imports: [
    AutomationSettingsModule,
    LeadsModule,
    NotificationsModule,
    VendorsModule,
    TypeOrmModule.forFeature([LeadAlertSettings, LeadAlertCode, LeadReAlert]),
  ],
  controllers: [LeadAlertSettingsController, ManagerLeadAlertSettingsController],
  providers: [
    LeadAlertCodes,
    LeadAlertSettingsRepository,
    LeadAlertSettingsService,
    LeadAlertsService,
    LeadReAlertsRepository,
    LeadReAlertPass,
    LeadAlertsScheduler,
  ],
})
export class LeadAlertsModule {}
