import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { ProcessRecord } from './process-record';

/** Every step of a journey, each with its time: what the KPIs count. */
export enum ReputationEventType {
  FeedbackRequested = 'FEEDBACK_REQUESTED',
  /** With rating and wouldRefer. */
  FeedbackAnswered = 'FEEDBACK_ANSWERED',
  ReviewRequested = 'REVIEW_REQUESTED',
  /** "Are you happy with us?" yes. */
  ReviewYes = 'REVIEW_YES',
  ReviewNo = 'REVIEW_NO',
  /** With platform. */
  ReviewLinkClicked = 'REVIEW_LINK_CLICKED',
  ReviewConfirmed = 'REVIEW_CONFIRMED',
  PrivateFeedbackGiven = 'PRIVATE_FEEDBACK_GIVEN',
  ReferralRequested = 'REFERRAL_REQUESTED',
  /** A friend invited by email or text, or the share link handed out; with channel. */
  FriendReferred = 'FRIEND_REFERRED',
  /** A referred friend submitted a contact request. */
  ReferralConverted = 'REFERRAL_CONVERTED',
  OptedOut = 'OPTED_OUT',
  CancelledByVendor = 'CANCELLED_BY_VENDOR',
}

/** How a friend was referred: invited by email or text, or handed the customer's share link. */
export enum ReferralChannel {
  Email = 'EMAIL',
  Text = 'TEXT',
  Share = 'SHARE',
}

export enum ReviewPlatform {
  Google = 'GOOGLE',
  Facebook = 'FACEBOOK',
  Bbb = 'BBB',
  Other = 'OTHER',
}

@Entity('reputation_events')
// (vendor_id, time) INCLUDE the columns the KPIs read: hand-written in the migration.
@Index('idx_reputation_events_vendor_time', { synchronize: false })
@Index('idx_reputation_events_process', ['processId'])
export class ReputationEvent extends ProcessRecord {
  @Column({ type: 'enum', enum: ReputationEventType, enumName: 'reputation_event_type' })
  type: ReputationEventType;

  @CreateDateColumn({ type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'smallint', nullable: true })
  rating: number | null;

  @Column({ type: 'boolean', nullable: true })
  wouldRefer: boolean | null;

  @Column({ type: 'enum', enum: ReviewPlatform, enumName: 'review_platform', nullable: true })
  platform: ReviewPlatform | null;

  @Column({ type: 'enum', enum: ReferralChannel, enumName: 'reputation_event_channel', nullable: true })
  channel: ReferralChannel | null;
}
