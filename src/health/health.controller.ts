import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators/access.decorators';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { DomainError, ErrorCode } from '../common/errors/domain-error';

@Controller('health')
@ApiTags('Health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  /** The process is up and serving HTTP. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The service can do its work: PostgreSQL answers. */
  @Get('ready')
  @HealthCheck()
  @ApiServiceUnavailableResponse({ description: 'A dependency is down; the error names it.', type: ErrorEnvelopeDto })
  async ready(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
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
