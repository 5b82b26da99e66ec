import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks.module';
import { SecretsResealOnStart } from './secrets-reseal-on-start';
import { WebhookSender } from './webhook.sender';
import { WebhooksWorker } from './webhooks.worker';
import { WebhookMetrics } from './webhook-metrics';
import { MetricsRegistryModule } from '../../common/metrics/metrics-registry';

/**
 * The delivering side: the worker, its HTTP sender, and the sealing of signing secrets at start.
 * Imported by AppModule (the server) only.
 */
@Module({
  imports: [WebhooksModule, MetricsRegistryModule],
  providers: [WebhooksWorker, WebhookSender, SecretsResealOnStart, WebhookMetrics],
})
export class WebhookDeliveryModule {}
