import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { RateLimitStorage } from './rate-limit.storage';

/**
 * Readiness of the rate limiter. Redis being unreachable makes it `degraded`, not `down`: the service
 * still answers and still limits, per instance in memory, so readiness stays 200 and names the cause.
 */
@Injectable()
export class RateLimitHealthIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    private readonly storage: RateLimitStorage,
  ) {}

  async check<const Key extends string>(key: Key): Promise<HealthIndicatorResult<Key>> {
    const indicator = this.health.check(key);
    const status = await this.storage.status();
    if (status.redis !== 'down') return indicator.up(status);
    return indicator.degraded({
      ...status,
      message: 'Redis is unreachable: requests are counted per instance in memory until it answers again.',
    });
  }
}
