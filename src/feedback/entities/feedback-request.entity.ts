import { Column, Entity, Index } from 'typeorm';
import { CustomerRequest } from '../../reputation/entities/process-record';

/** A vendor's request for a customer's feedback (`POST /customer-feedback-system`) and the answer. */
@Entity('feedback_requests')
// (vendor_id, time) INCLUDE the columns the KPIs read: hand-written in the migration.
@Index('idx_feedback_requests_vendor_created', { synchronize: false })
// (vendor_id, answered_at) of answered requests, for the KPIs' partial days: hand-written in the KpiRollups migration.
@Index('idx_feedback_requests_vendor_answered', { synchronize: false })
@Index('idx_feedback_requests_vendor_email', ['vendorId', 'email'])
@Index('idx_feedback_requests_vendor_phone', ['vendorId', 'phone'])
@Index('uq_feedback_requests_process', ['processId'], { unique: true })
export class FeedbackRequest extends CustomerRequest {
  @Column({ type: 'varchar', length: 200 })
  customerName: string;

  @Column({ type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  /** 1..5 stars. */
  @Column({ type: 'smallint', nullable: true })
  rating: number | null;

  @Column({ type: 'boolean', nullable: true })
  wouldRefer: boolean | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  comment: string | null;
}
