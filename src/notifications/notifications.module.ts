import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxNotification } from './entities/outbox-notification.entity';
import { SmsOptOut } from './entities/sms-opt-out.entity';
import { NotificationsRepository } from './notifications.repository';
import { NotificationCustomerRecords } from './notification-customer-records';
import { NotificationsService } from './notifications.service';
import { OutboxSignal } from '../database/outbox-signal';
import { SmsOptOuts } from './sms-opt-outs';

/**
 * E-mail and SMS to customers through a transactional outbox. Producers import this module and
 * call NotificationsService.enqueue inside their own transaction. It starts no background work, so
 * the CLI may import a producer module without delivering anything.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxNotification, SmsOptOut])],
  providers: [NotificationsRepository, NotificationsService, OutboxSignal, NotificationCustomerRecords, SmsOptOuts],
  exports: [NotificationsService, NotificationsRepository, OutboxSignal, NotificationCustomerRecords, SmsOptOuts],
})
export class NotificationsModule {}
