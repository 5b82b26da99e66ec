import { Column, Entity, Index } from 'typeorm';
import { ProcessRequest } from './process-record';

/**
 * A request for a public review: standalone (`POST /review-requests`) or the review step a positive
 * feedback answer leads to.
 */
@Entity('review_requests')
@Index('idx_review_requests_vendor_email', ['vendorId', 'email'])
@Index('idx_review_requests_vendor_phone', ['vendorId', 'phone'])
@Index('uq_review_requests_process', ['processId'], { unique: true })
export class ReviewRequest extends ProcessRequest {
  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** `xxx-xxx-xxxx`. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;

  /** The answer to "are you happy with us?"; null until given. */
  @Column({ type: 'boolean', nullable: true })
  happy: boolean | null;

  @Column({ type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  /** When the customer confirmed having posted the review. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;
}
