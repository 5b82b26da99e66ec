import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { VendorsModule } from '../vendors/vendors.module';
import { Lead } from './entities/lead.entity';
import { LeadCustomerRecords } from './lead-customer-records';
import { LeadAssignmentController } from './lead-assignment.controller';
import { LeadExpiryScheduler } from './lead-expiry.scheduler';
import { LeadListeners } from './lead-listeners';
import { LeadResponseTimesMemo } from './lead-response-times-memo';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';
import { LeadMetrics } from './lead-metrics';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';

/** The expiry job runs where ScheduleModule is imported (the server), not in the CLI. */
@Module({
  imports: [TypeOrmModule.forFeature([Lead]), VendorsModule, EventsModule, MetricsRegistryModule],
  controllers: [LeadsController, LeadAssignmentController],
  providers: [
    LeadsRepository,
    LeadsService,
    LeadExpiryScheduler,
    LeadListeners,
    LeadCustomerRecords,
    LeadResponseTimesMemo,
    LeadMetrics,
  ],
  exports: [LeadsService, LeadListeners, LeadCustomerRecords],
})
export class LeadsModule {}
