import { Module } from '@nestjs/common';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { HttpMetrics } from './http-metrics';
import { MetricsServer } from './metrics-server';
import { ScrapeGauges } from './scrape-gauges';

/**
 * The service's Prometheus metrics: the HTTP instruments, the values read at scrape time from the
 * modules that own them (asked through their services, never their tables), and the server of
 * `GET /metrics` on METRICS_PORT. The counters of each module (deliveries, inbound texts, leads,
 * idempotency) are that module's own, on the same registry.
 */
@Module({
  imports: [MetricsRegistryModule, NotificationsModule, WebhooksModule, LeadsModule, RateLimitModule],
  providers: [HttpMetrics, ScrapeGauges, MetricsServer],
  exports: [HttpMetrics, MetricsServer],
})
export class MetricsModule {}
