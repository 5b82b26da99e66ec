import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { LivenessResponse, ReadinessResponse } from './dto/health.response';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
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
  @ApiEnvelope(LivenessResponse)
  checkLiveness(): LivenessResponse {
    return { status: 'ok' };
  }

  /**
   * The service can do its work: PostgreSQL answers (503 naming it when it does not). The rate limiter
   * reports where it counts; with Redis unreachable it is `degraded` and readiness stays 200.
   */
  @Get('ready')
  // Terminus would document its own unwrapped answer; the envelope is documented here instead.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiEnvelope(ReadinessResponse)
  @ApiErrors({
    status: 503,
    description: 'A dependency is down; the error names it.',
    example: 'Not ready: database is down.',
  })
  async checkReadiness(): Promise<HealthCheckResult> {
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
