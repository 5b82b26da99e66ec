import { Module } from '@nestjs/common';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import { TerminusModule } from '@nestjs/terminus';
import { RouteMetadataModule } from '../common/http/route-metadata';
import { rateLimitConfig } from '../config/rate-limit.config';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitHealthIndicator } from './rate-limit.health';
import { throttlerOptions } from './rate-limit.options';
import { RateLimitStorage } from './rate-limit.storage';

/**
 * The guard reads the request's key check (`RequestKeys`) from the global AuthModule. The two providers
 * the throttler's guard injects are given here rather than through ThrottlerModule:
 * its storage provider would be a second owner of RateLimitStorage, and Nest would run the storage's
 * shutdown hook (closing Redis) once per owner.
 */
@Module({
  imports: [RouteMetadataModule, TerminusModule],
  providers: [
    RateLimitStorage,
    { provide: getStorageToken(), useExisting: RateLimitStorage },
    { provide: getOptionsToken(), inject: [rateLimitConfig.KEY], useFactory: throttlerOptions },
    RateLimitGuard,
    RateLimitHealthIndicator,
  ],
  exports: [RateLimitGuard, RateLimitHealthIndicator, RateLimitStorage],
})
export class RateLimitModule {}
