import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks.module';
import { WebhookSender } from './webhook.sender';
import { WebhooksWorker } from './webhooks.worker';

/** The delivering side: the worker and its HTTP sender. Imported by AppModule (the server) only. */
@Module({
  imports: [WebhooksModule],
  providers: [WebhooksWorker, WebhookSender],
})
export class WebhookDeliveryModule {}
