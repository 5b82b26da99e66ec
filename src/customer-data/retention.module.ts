import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SmsInboundModule } from '../sms-inbound/sms-inbound.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { RetentionPass } from './retention-pass';
import { RetentionScheduler } from './retention.scheduler';

/**
 * The retention pass (docs/contract.md#data-rights) and its daily schedule, apart from the export and erasure so that
 * the CLI runs it with only the modules whose records it removes (the audit log is global).
 */
@Module({
  imports: [LeadsModule, NotificationsModule, SmsInboundModule, EventsModule, WebhooksModule],
  providers: [RetentionPass, RetentionScheduler],
  exports: [RetentionPass],
})
export class RetentionModule {}
