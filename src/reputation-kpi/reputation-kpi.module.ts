import { Module } from '@nestjs/common';
import { FeedbackModule } from '../feedback/feedback.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReputationKpiController } from './reputation-kpi.controller';
import { ReputationKpiService } from './reputation-kpi.service';

/** `GET /reputation-process/kpi`: above the modules whose rows it counts, asking each for its counts. */
@Module({
  imports: [ReputationModule, FeedbackModule, ReferralsModule],
  controllers: [ReputationKpiController],
  providers: [ReputationKpiService],
})
export class ReputationKpiModule {}
