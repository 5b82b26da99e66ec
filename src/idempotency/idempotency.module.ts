import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKey } from './entities/idempotency-key.entity';
import { IdempotencyCleanupScheduler } from './idempotency-cleanup.scheduler';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { KeptAnswerRedaction } from './kept-answer-redaction';
import { IdempotencyService } from './idempotency.service';

/**
 * Idempotency-Key on every write of both APIs (CONTRACT 9), bound to the write routes by
 * `bindIdempotencyToWrites`; global, as the upload interceptor keys uploads too.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKey]), DiscoveryModule],
  providers: [
    IdempotencyRepository,
    IdempotencyService,
    IdempotencyInterceptor,
    IdempotencyCleanupScheduler,
    KeptAnswerRedaction,
  ],
  exports: [IdempotencyService, IdempotencyInterceptor, KeptAnswerRedaction],
})
export class IdempotencyModule {}
