import { Get, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { AuditEntryResponse, AuditPageResponse } from './dto/audit-entry.response';
import { AuditLogQuery } from './dto/audit-log.query';
import { AuditService } from './audit.service';

@ManagerApiController('audit-log', 'Manager: audit log')
export class AuditLogController {
  constructor(private readonly audit: AuditService) {}

  /**
   * Every manager-API write and every token the command line issued, oldest first. `after` is an id this
   * log answered: one that names no entry (of that vendor, with `vendorId`) is a 400.
   */
  @Get()
  @ApiEnvelope(AuditPageResponse)
  @ApiErrors({
    status: 400,
    description: 'Invalid limit or vendorId, or `after` is not an entry (of that vendor).',
  })
  @RequiresScope('accounts:read')
  async listAuditLog(@Query() { after, limit, vendorId }: AuditLogQuery): Promise<AuditPageResponse> {
    const page = await this.audit.feed(vendorId ?? null, after, limit);
    return { ...page, content: page.content.map((row) => AuditEntryResponse.from(row)) };
  }
}
