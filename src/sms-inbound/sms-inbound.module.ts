import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReputationModule } from '../reputation/reputation.module';
import { VendorsModule } from '../vendors/vendors.module';
import { InboundMessagesController, ProcessMessagesController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { InboundSms } from './entities/inbound-sms.entity';
import { InboundSmsCustomerRecords } from './inbound-sms-customer-records';
import { InboundSmsRepository } from './inbound-sms.repository';
import { KeywordAnswers } from './keyword-answers';
import { ProviderSignatures } from './provider-signatures';
import { ReplyRouting } from './reply-routing';
import { SmsInboundController } from './sms-inbound.controller';
import { SmsInboundService } from './sms-inbound.service';
import { SmsReplyListeners } from './sms-reply-listeners';
import { InboundSmsMetrics } from './inbound-sms-metrics';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';

/**
 * Texts customers send back (docs/contract.md#sms-replies): the provider's signed webhook, the carriers'
 * keywords, the replies stored on the conversation that texted the customer from the number written to,
 * and the conversation both ways. Owns `inbound_sms`; asks reputation to opt a phone out and
 * notifications which text left last for a phone from a number. Other kinds of conversation take the
 * replies to their texts through the `SmsReplyListeners` port.
 */
// The provider's webhook path, for the app's set-up (its form is parsed apart).
export { SMS_WEBHOOK_PATH } from './sms-inbound.controller';

@Module({
  imports: [
    ReputationModule,
    NotificationsModule,
    EventsModule,
    VendorsModule,
    MetricsRegistryModule,
    TypeOrmModule.forFeature([InboundSms]),
  ],
  controllers: [SmsInboundController, ProcessMessagesController, InboundMessagesController],
  providers: [
    SmsInboundService,
    InboundSmsRepository,
    ReplyRouting,
    ConversationsService,
    InboundSmsCustomerRecords,
    SmsReplyListeners,
    ProviderSignatures,
    KeywordAnswers,
    InboundSmsMetrics,
  ],
  exports: [InboundSmsCustomerRecords, SmsReplyListeners],
})
export class SmsInboundModule {}
