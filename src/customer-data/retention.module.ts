import { Module } from '@nestjs/common';
import { LeadConversationsModule } from '../lead-conversations/lead-conversations.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReputationModule } from '../reputation/reputation.module';
import { SmsInboundModule } from '../sms-inbound/sms-inbound.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomerDataModule } from './customer-data.module';
import { RetentionPass } from './retention-pass';
import { RetentionScheduler } from './retention.scheduler';

/**
 * The retention pass (docs/contract.md#data-rights) and its daily schedule, apart from the export and erasure so that
 * the CLI runs it with only the modules whose records it removes (the audit log is global); expired
 * records are erased by every module's customer-data provider, as an erasure erases them.
 */
@Module({
  imports: [
    CustomerDataModule,
    LeadsModule,
    LeadConversationsModule,
    NotificationsModule,
    ReferralsModule,
    ReputationModule,
    SmsInboundModule,
    WebhooksModule,
  ],
  providers: [RetentionPass, RetentionScheduler],
  exports: [RetentionPass],
})
export class RetentionModule {}
