import { Column, Entity, Index } from 'typeorm';
import { CustomerRequest } from '../../reputation/entities/process-record';

/**
 * A request for a public review: standalone (`POST /review-requests`) or the review step a positive
 * feedback answer leads to.
 */
@Entity('review_requests')
@Index('idx_review_requests_vendor_email', ['vendorId', 'email'])
@Index('idx_review_requests_vendor_phone', ['vendorId', 'phone'])
@Index('uq_review_requests_process', ['processId'], { unique: true })
export class ReviewRequest extends CustomerRequest {
  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /** The answer to "are you happy with us?"; null until given. */
  @Column({ type: 'boolean', nullable: true })
  happy: boolean | null;

  @Column({ type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  /** The won lead this request was created for by the automation (docs/contract.md#automation); null otherwise. */
  @Column({ type: 'bigint', nullable: true })
  leadId: number | null;

  /** When the customer confirmed having posted the review. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;
}
