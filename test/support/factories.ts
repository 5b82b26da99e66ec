import { TransactionHost } from '@nestjs-cls/transactional';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthService } from '../../src/auth/auth.service';
import { Manager } from '../../src/auth/entities/manager.entity';
import { CreateLeadDto } from '../../src/leads/dto/create-lead.dto';
import { LeadView } from '../../src/leads/entities/lead.entity';
import { LeadsService } from '../../src/leads/leads.service';
import { CreateFeedbackRequestDto } from '../../src/feedback/dto/create-feedback-request.dto';
import { FeedbackRequestResponse } from '../../src/feedback/dto/feedback-request.response';
import { FeedbackService } from '../../src/feedback/feedback.service';
import { CreateReviewRequestDto } from '../../src/review-requests/dto/create-review-request.dto';
import { ReviewRequestResponse } from '../../src/review-requests/dto/review-request.response';
import { ReviewRequestsService } from '../../src/review-requests/review-requests.service';
import { ReviewSettingsDto } from '../../src/review-settings/dto/review-settings.dto';
import { ReviewSettings } from '../../src/review-settings/entities/review-settings.entity';
import { ReviewSettingsService } from '../../src/review-settings/review-settings.service';
import type { VendorFeature } from '../../src/auth/vendor-account';
import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { VendorsService } from '../../src/vendors/vendors.service';
import { AutomationSettingsService } from '../../src/automation-settings/automation-settings.service';
import { linkSentFor } from './outbox';

const unique = (): string => randomUUID().slice(0, 8);

export async function createAdmin(app: INestApplicationContext): Promise<{ manager: Manager; token: string }> {
  return app.get(AuthService).createAdmin(`admin-${unique()}@test.example`, 'Test Admin');
}

export interface VendorOptions extends Partial<
  Pick<Vendor, 'vendorName' | 'email' | 'cityName' | 'provinceName' | 'activated' | 'packageType' | 'mailingAddress'>
> {
  features?: VendorFeature[];
  /**
   * Keep the service's default quiet hours (20:00 to 09:00, Toronto). Without it the vendor has none, so
   * that its customers' texts leave whatever the hour the test runs at (every text waits for quiet hours).
   */
  keepDefaultQuietHours?: boolean;
}

/** A vendor with a valid token, any feature flags switched on, and no quiet hours unless asked. */
export async function createVendor(
  app: INestApplicationContext,
  options: VendorOptions = {},
): Promise<{ vendor: Vendor; token: string }> {
  const { features = [], keepDefaultQuietHours = false, ...fields } = options;
  const vendors = app.get(VendorsService);
  // In this app's own transaction: @Transactional() finds the transaction host of the app started
  // last in the process, which may be another test's, already closed.
  return app.get(TransactionHost).withTransaction(async () => {
    const vendor = await vendors.create({
      vendorName: `Vendor ${unique()}`,
      email: `vendor-${unique()}@test.example`,
      cityName: 'Toronto',
      provinceName: 'Ontario',
      ...fields,
    });
    if (features.length) await vendors.setFeatures(vendor.id, Object.fromEntries(features.map((f) => [f, true])));
    if (!keepDefaultQuietHours) {
      await app.get(AutomationSettingsService).update(vendor.id, { quietHoursStart: null, quietHoursEnd: null });
    }
    return { vendor, token: await vendors.issueToken(vendor.id, 'cli') };
  });
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** A lead as the operator's team assigns it (`POST .../vendors/{vendorId}/leads`), every field filled. */
export const LEAD_BODY = {
  category: 'Kitchen renovation',
  customerName: 'Jane Homeowner',
  customerEmail: 'jane@customer.example',
  customerPhone: '416-555-0199',
  customerAddress: '12 Queen St W, Toronto, ON',
  projectDetailsHtml: '<p>Full kitchen remodel</p>',
  originalJobDescription: 'We want a new kitchen.',
} satisfies CreateLeadDto;

export interface LeadOptions extends Partial<CreateLeadDto> {
  /** Backdates the lead (dateCreated and dateModified), e.g. past its expiry. */
  dateCreated?: Date;
}

/** A lead assigned to the vendor as the operator would, with every contact detail filled in. */
export async function createLead(
  app: INestApplicationContext,
  vendorId: number,
  options: LeadOptions = {},
): Promise<LeadView> {
  const { dateCreated, ...fields } = options;
  const lead = await app.get(LeadsService).assign(vendorId, {
    ...LEAD_BODY,
    customerEmail: `jane-${unique()}@customer.example`,
    ...fields,
  });
  if (!dateCreated) return lead;
  await app
    .get(DataSource)
    .query('UPDATE leads SET date_created = $1, date_modified = $1 WHERE id = $2', [dateCreated, lead.id]);
  return { ...lead, dateCreated, dateModified: dateCreated };
}

/** A feedback request as POST /customer-feedback-system creates it (messages queued), and its link. */
export async function createFeedbackRequest(
  app: INestApplicationContext,
  vendor: Vendor,
  fields: Partial<CreateFeedbackRequestDto> = {},
): Promise<{ request: FeedbackRequestResponse; link: string }> {
  const body = { customerName: 'Jane Customer', email: `jane-${unique()}@customer.example`, ...fields };
  const created = (await app.get(FeedbackService).create(vendor, body, false))!;
  const request = FeedbackRequestResponse.from(created.request, created.process, created.messages);
  return { request, link: await linkSentFor(app, 'FEEDBACK_REQUEST', request.id) };
}

/** A standalone review request as POST /review-requests creates it (messages queued), and its link. */
export async function createReviewRequest(
  app: INestApplicationContext,
  vendor: Vendor,
  fields: Partial<CreateReviewRequestDto> = {},
): Promise<{ request: ReviewRequestResponse; link: string }> {
  const body = { firstName: 'Sam', emailTo: `sam-${unique()}@customer.example`, ...fields };
  const { emailTo, ...rest } = body;
  const created = (await app.get(ReviewRequestsService).create(vendor, { ...rest, email: emailTo }, false))!;
  const request = ReviewRequestResponse.from(created.request, created.process.state, created.messages);
  return { request, link: await linkSentFor(app, 'REVIEW_REQUEST', request.id) };
}

/**
 * Review settings with every platform on and configured, as a manager would save them, and one
 * additional Google location (its id in `reviewLocations[0].id`).
 */
export async function configureReviewSites(
  app: INestApplicationContext,
  vendorId: number,
  changes: Partial<ReviewSettingsDto> = {},
): Promise<ReviewSettings> {
  const saved = await app.get(ReviewSettingsService).replace(vendorId, {
    googleReviewEnabled: true,
    facebookReviewEnabled: true,
    bbbReviewEnabled: true,
    otherReviewEnabled: true,
    otherReviewSiteName: 'HomeStars',
    primaryGoogleReviewLabel: 'Main office',
    primaryGoogleReviewLabelFr: 'Bureau principal',
    googleReviewUrl: 'https://g.page/r/main/review',
    facebookReviewUrl: 'https://www.facebook.com/acme/reviews',
    bbbReviewUrl: 'https://www.bbb.org/acme/leave-review',
    otherReviewUrl: 'https://homestars.com/acme/review',
    reviewLocations: [{ label: 'West end', labelFr: 'Secteur ouest', googleUrl: 'https://g.page/r/west/review' }],
    ...changes,
  });
  return saved.settings;
}
/** A token to put in names so that a test finds its own rows among everyone's (never all digits). */
export const uniqueTag = (): string => `q${randomUUID().replace(/-/g, '').slice(0, 10)}`;
