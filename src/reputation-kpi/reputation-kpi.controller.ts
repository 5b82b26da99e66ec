import { Get, Query } from '@nestjs/common';
import { RequireFeature, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import type { VendorAccount } from '../auth/vendor-account';
import { KpiQuery } from './dto/kpi.query';
import { ReputationKpiResponse } from './dto/reputation-kpi.response';
import { ReputationKpiService } from './reputation-kpi.service';

@VendorApiController('reputation-process', 'Reputation')
export class ReputationKpiController {
  constructor(private readonly kpis: ReputationKpiService) {}

  /** The vendor's reputation KPIs, optionally only for events between from and to (inclusive, UTC). */
  @Get('kpi')
  @RequireFeature('enableFullRMS')
  @ApiEnvelope(ReputationKpiResponse)
  @ApiErrors(400)
  @RequiresScope('reputation:read')
  async getReputationKpi(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { from, to }: KpiQuery,
  ): Promise<ReputationKpiResponse> {
    return ReputationKpiResponse.from(await this.kpis.forVendor(vendor.id, from, to));
  }
}
