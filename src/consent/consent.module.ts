import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReputationModule } from '../reputation/reputation.module';
import { VendorsModule } from '../vendors/vendors.module';
import { ConsentController, ManagerConsentController } from './consent.controller';
import { ConsentCustomerRecords } from './consent-customer-records';
import { ConsentKeeperService } from './consent-keeper';
import { ConsentService } from './consent.service';
import { ConsentsRepository } from './consents.repository';
import { Consent } from './entities/consent.entity';

/**
 * The consent ledger (docs/contract.md#consent): why each customer may be written to, and when that
 * ends. Above leads (told of inquiries and purchases through its `LeadListeners` port), notifications
 * (asked before each message leaves, told of withdrawals, through its `SendingConsent` port) and
 * reputation (the suppression list's keyed hash); below the requests that state a basis.
 */
@Module({
  imports: [LeadsModule, NotificationsModule, ReputationModule, VendorsModule, TypeOrmModule.forFeature([Consent])],
  controllers: [ConsentController, ManagerConsentController],
  providers: [ConsentService, ConsentsRepository, ConsentKeeperService, ConsentCustomerRecords],
  exports: [ConsentService, ConsentCustomerRecords],
})
export class ConsentModule {}
