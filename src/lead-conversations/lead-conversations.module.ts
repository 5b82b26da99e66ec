import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationSettingsModule } from '../automation-settings/automation-settings.module';
import { EventsModule } from '../events/events.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReputationModule } from '../reputation/reputation.module';
import { SmsInboundModule } from '../sms-inbound/sms-inbound.module';
import { VendorsModule } from '../vendors/vendors.module';
import { LeadMessage } from './entities/lead-message.entity';
import { LeadConversationsService } from './lead-conversations.service';
import { LeadMessageCustomerRecords } from './lead-message-customer-records';
import { LeadMessagesController, ManagerLeadMessagesController } from './lead-messages.controller';
import { LeadMessagesRepository } from './lead-messages.repository';

/**
 * Conversations on leads (docs/contract.md#lead-conversations): the vendor's messages to a lead's customer and the customer's texts
 * back. Owns `lead_messages`; asks leads for the lead, notifications to deliver, reputation whether the
 * contact opted out, automation-settings for the quiet hours; takes the customers' replies to its texts
 * through sms-inbound's `SmsReplyListeners` port.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([LeadMessage]),
    LeadsModule,
    NotificationsModule,
    ReputationModule,
    AutomationSettingsModule,
    VendorsModule,
    EventsModule,
    SmsInboundModule,
  ],
  controllers: [LeadMessagesController, ManagerLeadMessagesController],
  providers: [LeadConversationsService, LeadMessagesRepository, LeadMessageCustomerRecords],
  exports: [LeadConversationsService, LeadMessageCustomerRecords],
})
export class LeadConversationsModule {}
