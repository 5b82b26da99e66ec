import { Injectable } from '@nestjs/common';
import type { ReputationKpiResponse } from './dto/reputation-kpi.response';
import { kpiWindow } from './kpi-window';
import { ReputationKpiRepository } from './reputation-kpi.repository';

@Injectable()
export class ReputationKpiService {
  constructor(private readonly repository: ReputationKpiRepository) {}

  /** Every KPI of CONTRACT 7 for the vendor, counting only events inside [from, to] when given. */
  forVendor(vendorId: number, from?: string, to?: string): Promise<ReputationKpiResponse> {
    return this.repository.count(vendorId, kpiWindow(from, to));
  }
}
