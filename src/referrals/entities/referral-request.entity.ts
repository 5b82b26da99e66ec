import { Column, Entity, Index } from 'typeorm';
import { ProcessRequest } from '../../reputation/entities/process-record';
import { ReferralChannel } from '../../reputation/entities/reputation-event.entity';

/** Sent to a customer who confirmed a review: "refer a friend". Completed by the first referral made. */
@Entity('referral_requests')
// (vendor_id, time) INCLUDE the columns the KPIs read: hand-written in the migration.
@Index('idx_referral_requests_vendor_created', { synchronize: false })
// (vendor_id, completed_at) of completed requests, for the KPIs' partial days: hand-written in the KpiRollups migration.
@Index('idx_referral_requests_vendor_completed', { synchronize: false })
@Index('uq_referral_requests_process', ['processId'], { unique: true })
export class ReferralRequest extends ProcessRequest {
  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** The channel of the referral that completed it. */
  @Column({ type: 'enum', enum: ReferralChannel, enumName: 'referral_request_channel', nullable: true })
  completedChannel: ReferralChannel | null;
}
