// TEMPORARY: stands in for src/notifications and src/review-settings (built on other branches) until
// they are merged from main; the names and shapes follow their interfaces. Removed at the merge.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type NotificationChannel = 'EMAIL' | 'SMS';
export type NotificationPurpose = 'FEEDBACK_REQUEST' | 'REVIEW_REQUEST' | 'REFERRAL_REQUEST' | 'REFERRAL_INVITATION';

export interface NewNotification {
  vendorId: number;
  purpose: NotificationPurpose;
  subjectId: number;
  channel: NotificationChannel;
  recipient: string;
  mergeFields: { firstName: string; vendorName: string; link: string; unsubscribeLink: string };
  customMessage?: string | null;
}

export class DeliveryStatus {
  channel: NotificationChannel;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
}

@Injectable()
export class NotificationsService {
  enqueue(_manager: EntityManager, _notification: NewNotification): Promise<void> {
    return Promise.resolve();
  }

  deliveryStatuses(_purpose: NotificationPurpose, subjectIds: number[]): Promise<Map<number, DeliveryStatus[]>> {
    return Promise.resolve(new Map(subjectIds.map((id) => [id, []])));
  }
}

export interface ReviewSettings {
  googleReviewEnabled: boolean;
  facebookReviewEnabled: boolean;
  bbbReviewEnabled: boolean;
  otherReviewEnabled: boolean;
  otherReviewSiteName: string | null;
  customSMSMessage: string | null;
  customEmailMessage: string | null;
  primaryGoogleReviewLabel: string | null;
  googleReviewUrl: string | null;
  facebookReviewUrl: string | null;
  bbbReviewUrl: string | null;
  otherReviewUrl: string | null;
  reviewLocations: { id: number; label: string; googleUrl: string }[];
}

@Injectable()
export class ReviewSettingsService {
  getForVendor(_vendorId: number): Promise<ReviewSettings> {
    return Promise.resolve({
      googleReviewEnabled: true,
      facebookReviewEnabled: true,
      bbbReviewEnabled: true,
      otherReviewEnabled: true,
      otherReviewSiteName: 'HomeStars',
      customSMSMessage: null,
      customEmailMessage: null,
      primaryGoogleReviewLabel: 'Main office',
      googleReviewUrl: 'https://g.page/r/example/review',
      facebookReviewUrl: 'https://www.facebook.com/example/reviews',
      bbbReviewUrl: 'https://www.bbb.org/example/leave-review',
      otherReviewUrl: 'https://homestars.com/example/review',
      reviewLocations: [{ id: 1, label: 'West end', googleUrl: 'https://g.page/r/west/review' }],
    });
  }
}
