import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoredEvent } from './entities/event.entity';
import { ManagerEventsController, VendorEventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsRetentionScheduler } from './events-retention.scheduler';
import { EventCustomerRecords } from './event-customer-records';
import { EventsService } from './events.service';
import { EventSubscribers } from './event-subscribers';

/**
 * Events of docs/contract.md#events-webhooks and their feed. Producers (leads, the reputation modules,
 * notifications delivery) import it and call EventsService.record in their own transaction; subscribers
 * (the webhooks) import it and register on `EventSubscribers`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredEvent])],
  controllers: [VendorEventsController, ManagerEventsController],
  providers: [EventsRepository, EventsService, EventsRetentionScheduler, EventCustomerRecords, EventSubscribers],
  exports: [EventsService, EventCustomerRecords, EventSubscribers],
})
export class EventsModule {}
