import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators/access.decorators';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
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
   * The service can do its work: PostgreSQL answers (503 naming it when it does not). The rate limiter
   * reports where it counts; with Redis unreachable it is `degraded` and readiness stays 200.
   */
  @Get('ready')
  @HealthCheck()
  @ApiServiceUnavailableResponse({ description: 'A dependency is down; the error names it.', type: ErrorEnvelopeDto })
  async ready(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database', { timeout: 2000 }),
        () => this.rateLimit.check('rateLimit'),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const { error: down = {} } = error.getResponse() as HealthCheckResult;
      throw new DomainError(
        ErrorCode.Unavailable,
        `Not ready: ${Object.keys(down).join(', ') || 'a dependency'} is down.`,
      );
    }
  }
}
