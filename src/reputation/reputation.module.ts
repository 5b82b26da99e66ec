import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationSettingsModule } from '../automation-settings/automation-settings.module';
import { EventsModule } from '../events/events.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { VendorsModule } from '../vendors/vendors.module';
import { ContactSuppressions } from './contact-suppressions';
import { ContactOptOut } from './entities/contact-opt-out.entity';
import { ContactSuppression } from './entities/contact-suppression.entity';
import { ProcessReminder } from './entities/process-reminder.entity';
import { ReputationEvent } from './entities/reputation-event.entity';
import { ReputationProcess } from './entities/reputation-process.entity';
import { ProcessCustomerRecords } from './process-customer-records';
import { ProcessCountsRepository } from './process-counts.repository';
import { ProcessRemindersRepository } from './process-reminders.repository';
import { ProcessRemindersService } from './process-reminders.service';
import { PhoneOptOuts } from './phone-opt-outs';
import { ProcessRepository } from './process.repository';
import { ReputationLinks } from './reputation-links';
import { ReputationMessages } from './reputation-messages';
import { ReputationProcessController } from './reputation-process.controller';
import { ReputationProcessService } from './reputation-process.service';

/**
 * The core of every reputation journey: the customer's process behind one link, its events, its
 * messages and the vendors' opt-out lists. Review requests, feedback, referrals and the customer's
 * pages build on `ReputationProcessService`; nothing above reads these tables.
 */
@Module({
  imports: [
    NotificationsModule,
    EventsModule,
    VendorsModule,
    AutomationSettingsModule,
    TypeOrmModule.forFeature([ReputationProcess, ReputationEvent, ContactOptOut, ProcessReminder, ContactSuppression]),
  ],
  controllers: [ReputationProcessController],
  providers: [
    ProcessRepository,
    ProcessCountsRepository,
    ReputationMessages,
    ReputationLinks,
    ReputationProcessService,
    ProcessRemindersRepository,
    ProcessRemindersService,
    ContactSuppressions,
    ProcessCustomerRecords,
    PhoneOptOuts,
  ],
  exports: [
    PhoneOptOuts,
    ReputationProcessService,
    ProcessRemindersService,
    ReputationLinks,
    ProcessCustomerRecords,
    ContactSuppressions,
  ],
})
export class ReputationModule {}
