import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators/access.decorators';
import { RateLimitHealthIndicator } from '../rate-limit/rate-limit.health';

@Controller('health')
@ApiTags('Health')
@Public()
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly rateLimit: RateLimitHealthIndicator,
  ) {}

  /** The process is up and serving HTTP. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * The service can do its work: PostgreSQL answers (503 when it does not). The rate limiter reports
   * where it counts; with Redis unreachable it is `degraded` and readiness stays 200.
   */
  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.rateLimit.check('rateLimit'),
    ]);
  }
}
