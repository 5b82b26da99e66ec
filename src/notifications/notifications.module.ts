import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxNotification } from './entities/outbox-notification.entity';
import { SmsOptOut } from './entities/sms-opt-out.entity';
import { SmsOptOutLift } from './entities/sms-opt-out-lift.entity';
import { NotificationsRepository } from './notifications.repository';
import { NotificationCustomerRecords } from './notification-customer-records';
import { NotificationsService } from './notifications.service';
import { OutboxSignal } from '../database/outbox-signal';
import { SendingConsent } from './sending-consent';
import { SmsOptOuts } from './sms-opt-outs';
import { SmsSenderPair } from './entities/sms-sender-pair.entity';
import { SmsSenderPool } from './sender-pool/sms-sender-pool';
import { OutboxBacklog } from './outbox-backlog';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';

/**
 * E-mail and SMS to customers through a transactional outbox. Producers import this module and
 * call NotificationsService.enqueue inside their own transaction. It starts no background work, so
 * the CLI may import a producer module without delivering anything.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OutboxNotification, SmsOptOut, SmsOptOutLift, SmsSenderPair]),
    MetricsRegistryModule,
  ],
  providers: [
    NotificationsRepository,
    NotificationsService,
    OutboxSignal,
    NotificationCustomerRecords,
    SmsOptOuts,
    SmsSenderPool,
    OutboxBacklog,
    SendingConsent,
  ],
  exports: [
    OutboxBacklog,
    NotificationsService,
    NotificationsRepository,
    OutboxSignal,
    NotificationCustomerRecords,
    SmsOptOuts,
    SmsSenderPool,
    SendingConsent,
  ],
})
export class NotificationsModule {}
