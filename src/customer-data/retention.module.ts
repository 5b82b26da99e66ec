import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomerDataModule } from './customer-data.module';
import { RetentionPass } from './retention-pass';
import { RetentionScheduler } from './retention.scheduler';

/**
 * The retention pass (docs/contract.md#data-rights) and its daily schedule, apart from the export and erasure so that
 * the CLI runs it with only the modules whose records it removes: every customer-data provider's (through
 * `CustomerDataModule`), the webhook deliveries' and the audit log's (global), each declaring its rules.
 */
@Module({
  imports: [DiscoveryModule, CustomerDataModule, WebhooksModule],
  providers: [RetentionPass, RetentionScheduler],
  exports: [RetentionPass],
})
export class RetentionModule {}
