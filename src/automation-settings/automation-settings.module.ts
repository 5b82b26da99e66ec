import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VendorsModule } from '../vendors/vendors.module';
import { AutomationSettingsController, ManagerAutomationSettingsController } from './automation-settings.controller';
import { AutomationSettingsRepository } from './automation-settings.repository';
import { AutomationSettingsService } from './automation-settings.service';
import { AutomationSettings } from './entities/automation-settings.entity';

/** Per-vendor reminder and job-won settings (docs/contract.md#automation); read by the reputation core and the automation. */
@Module({
  imports: [VendorsModule, TypeOrmModule.forFeature([AutomationSettings])],
  controllers: [AutomationSettingsController, ManagerAutomationSettingsController],
  providers: [AutomationSettingsRepository, AutomationSettingsService],
  exports: [AutomationSettingsService],
})
export class AutomationSettingsModule {}
