import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKey } from './entities/idempotency-key.entity';
import { IdempotencyCleanupScheduler } from './idempotency-cleanup.scheduler';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { KeptAnswerRedaction } from './kept-answer-redaction';
import { IdempotencyService } from './idempotency.service';
import { IdempotencyMetrics } from './idempotency-metrics';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';

/**
 * Idempotency-Key on every write of both APIs (docs/contract.md#idempotency), on each write route of an
 * account (`@VendorWrite`, `@ManagerWrite`); global, so every controller's module reaches its service,
 * and the upload interceptor keys uploads too.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKey]), MetricsRegistryModule],
  providers: [
    IdempotencyMetrics,
    IdempotencyRepository,
    IdempotencyService,
    IdempotencyInterceptor,
    IdempotencyCleanupScheduler,
    KeptAnswerRedaction,
  ],
  exports: [IdempotencyService, IdempotencyInterceptor, KeptAnswerRedaction],
})
export class IdempotencyModule {}
