import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StoredEvent } from './entities/event.entity';
import { ManagerEventsController, VendorEventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsRetentionScheduler } from './events-retention.scheduler';
import { EventCustomerRecords } from './event-customer-records';
import { EventsService } from './events.service';

/**
 * Events of docs/contract.md#events-webhooks and their feed. Producers (leads, the reputation modules, notifications
 * delivery) import it and call EventsService.record in their own transaction.
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredEvent]), WebhooksModule],
  controllers: [VendorEventsController, ManagerEventsController],
  providers: [EventsRepository, EventsService, EventsRetentionScheduler, EventCustomerRecords],
  exports: [EventsService, EventCustomerRecords],
})
export class EventsModule {}
