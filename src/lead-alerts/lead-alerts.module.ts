import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VendorsModule } from '../vendors/vendors.module';
import { LeadAlertSettings } from './entities/lead-alert-settings.entity';
import { LeadAlertSettingsController, ManagerLeadAlertSettingsController } from './lead-alert-settings.controller';
import { LeadAlertSettingsRepository } from './lead-alert-settings.repository';
import { LeadAlertSettingsService } from './lead-alert-settings.service';

/** Speed to lead (CONTRACT 13): the vendor's people hear of a new lead at once, and once more if nobody looks. */
@Module({
  imports: [VendorsModule, TypeOrmModule.forFeature([LeadAlertSettings])],
  controllers: [LeadAlertSettingsController, ManagerLeadAlertSettingsController],
  providers: [LeadAlertSettingsRepository, LeadAlertSettingsService],
})
export class LeadAlertsModule {}
