import { Module } from '@nestjs/common';
import { SecretCipher } from '../common/crypto/secret-cipher';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookTargets } from './delivery/webhook-targets';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { WebhookPausedVendor } from './entities/webhook-paused-vendor.entity';
import { ManagerWebhookEndpointsController, VendorWebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookOutboxSignal } from './webhook-outbox-signal';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookEventCopies } from './webhook-event-copies';
import { WebhookVendorHolds } from './webhook-vendor-holds';
import { WebhooksService } from './webhooks.service';
import { WebhookBacklog } from './webhook-backlog';
import { VendorsModule } from '../vendors/vendors.module';
import { EventsModule } from '../events/events.module';

/**
 * Webhook endpoints of both APIs and the webhook outbox. WebhooksService subscribes to the events
 * (`EventSubscribers`), which reach it in the producer's transaction; delivery runs in
 * WebhookDeliveryModule (the server only).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery, WebhookPausedVendor]),
    VendorsModule,
    EventsModule,
  ],
  controllers: [VendorWebhookEndpointsController, ManagerWebhookEndpointsController],
  providers: [
    WebhookEventCopies,
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookEndpointsService,
    WebhooksService,
    WebhookTargets,
    WebhookOutboxSignal,
    SecretCipher,
    WebhookSecrets,
    WebhookVendorHolds,
    WebhookBacklog,
  ],
  exports: [
    WebhookBacklog,
    WebhooksService,
    WebhookDeliveriesRepository,
    WebhookTargets,
    WebhookOutboxSignal,
    WebhookSecrets,
  ],
})
export class WebhooksModule {}
