import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReputationModule } from '../reputation/reputation.module';
import { InboundSms } from './entities/inbound-sms.entity';
import { InboundSmsRepository } from './inbound-sms.repository';
import { SmsInboundController } from './sms-inbound.controller';
import { SmsInboundService } from './sms-inbound.service';

/**
 * Texts customers send back (CONTRACT 12): the provider's signed webhook, the carriers' keywords and
 * the replies. Owns `inbound_sms`; asks reputation to opt a phone out.
 */
@Module({
  imports: [ReputationModule, TypeOrmModule.forFeature([InboundSms])],
  controllers: [SmsInboundController],
  providers: [SmsInboundService, InboundSmsRepository],
})
export class SmsInboundModule {}
