import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxNotification } from './entities/outbox-notification.entity';
import { NotificationsRepository } from './notifications.repository';
import { NotificationCustomerRecords } from './notification-customer-records';
import { NotificationsService } from './notifications.service';
import { OutboxSignal } from '../database/outbox-signal';

/**
 * E-mail and SMS to customers through a transactional outbox. Producers import this module and
 * call NotificationsService.enqueue inside their own transaction. It starts no background work, so
 * the CLI may import a producer module without delivering anything.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxNotification])],
  providers: [NotificationsRepository, NotificationsService, OutboxSignal, NotificationCustomerRecords],
  exports: [NotificationsService, NotificationsRepository, OutboxSignal, NotificationCustomerRecords],
})
export class NotificationsModule {}
