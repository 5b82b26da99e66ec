import { Module } from '@nestjs/common';
import { ReferralCustomerRecords } from './referral-customer-records';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReferralConversion } from './entities/referral-conversion.entity';
import { ReferralRequest } from './entities/referral-request.entity';
import { Referral } from './entities/referral.entity';
import { ReferralCountsRepository } from './referral-counts.repository';
import { ReferralsRepository } from './referrals.repository';
import { ReferralsService } from './referrals.service';

/** "Refer a friend" after a confirmed review: invitations, share links and the friends' contact requests. */
@Module({
  imports: [
    ReputationModule,
    NotificationsModule,
    LeadsModule,
    TypeOrmModule.forFeature([ReferralRequest, Referral, ReferralConversion]),
  ],
  providers: [ReferralsRepository, ReferralCountsRepository, ReferralsService, ReferralCustomerRecords],
  exports: [ReferralsService, ReferralCustomerRecords],
})
export class ReferralsModule {}
