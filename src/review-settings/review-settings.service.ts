import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import type { Locale } from '../common/locale/locale';
import type { ReviewSettingsDto } from './dto/review-settings.dto';
import type { ReviewSettings } from './entities/review-settings.entity';
import { ReviewSettingsRepository } from './review-settings.repository';
import { CustomSmsSizesService, type MeasuredReviewSettings } from './custom-sms-sizes';

@Injectable()
export class ReviewSettingsService {
  constructor(
    private readonly settings: ReviewSettingsRepository,
    private readonly smsSizes: CustomSmsSizesService,
  ) {}

  /**
   * The vendor's review settings. A vendor that never saved any gets the defaults, stored on this first
   * read so that they have an id like any other settings: every platform off, empty texts, no URLs,
   * no locations. For other modules too (the customer review page reads its links here).
   */
  async getForVendor(vendorId: number): Promise<ReviewSettings> {
    const existing = await this.settings.findByVendor(vendorId);
    if (existing) return existing;
    if (!(await this.settings.createDefaults(vendorId))) throw DomainError.notFound('Vendor', vendorId);
    return (await this.settings.findByVendor(vendorId))!;
  }

  /**
   * The vendor's own review request texts in the customer's language; empty: the built-in text of that
   * language (a French message never carries the English custom text).
   */
  async customMessagesIn(vendorId: number, locale: Locale): Promise<{ email: string; sms: string }> {
    const settings = (await this.settings.findCustomMessages(vendorId)) ?? (await this.getForVendor(vendorId));
    return locale === 'fr'
      ? { email: settings.customEmailMessageFr, sms: settings.customSMSMessageFr }
      : { email: settings.customEmailMessage, sms: settings.customSMSMessage };
  }

  /** The vendor's settings (as `getForVendor`) with the size of each custom SMS text. */
  async measured(vendorId: number): Promise<MeasuredReviewSettings> {
    const settings = await this.getForVendor(vendorId);
    return { settings, smsSizes: await this.smsSizes.of(vendorId, settings) };
  }

  /**
   * Replaces the whole settings; what the body leaves out is reset to its default. A custom SMS text
   * that cannot fit its parts with the vendor's name is refused (400, with its size) before anything is stored.
   */
  async replace(vendorId: number, body: ReviewSettingsDto): Promise<MeasuredReviewSettings> {
    const locations = body.reviewLocations ?? [];
    const ids = locations.flatMap((location) => (location.id === undefined ? [] : [location.id]));
    if (new Set(ids).size < ids.length) throw DomainError.invalid('Each review location id may appear only once.');
    const smsSizes = await this.smsSizes.fitting(vendorId, {
      customSMSMessage: body.customSMSMessage ?? '',
      customSMSMessageFr: body.customSMSMessageFr ?? '',
    });
    const stored = await this.settings.replace(
      vendorId,
      {
        googleReviewEnabled: body.googleReviewEnabled,
        facebookReviewEnabled: body.facebookReviewEnabled,
        bbbReviewEnabled: body.bbbReviewEnabled,
        otherReviewEnabled: body.otherReviewEnabled,
        otherReviewSiteName: body.otherReviewSiteName ?? '',
        customSMSMessage: body.customSMSMessage ?? '',
        customEmailMessage: body.customEmailMessage ?? '',
        customSMSMessageFr: body.customSMSMessageFr ?? '',
        customEmailMessageFr: body.customEmailMessageFr ?? '',
        primaryGoogleReviewLabel: body.primaryGoogleReviewLabel ?? '',
        primaryGoogleReviewLabelFr: body.primaryGoogleReviewLabelFr ?? '',
        googleReviewUrl: body.googleReviewUrl ?? null,
        facebookReviewUrl: body.facebookReviewUrl ?? null,
        bbbReviewUrl: body.bbbReviewUrl ?? null,
        otherReviewUrl: body.otherReviewUrl ?? null,
      },
      locations.map(({ id, label, labelFr, googleUrl }) => ({ id, label, labelFr: labelFr ?? '', googleUrl })),
    );
    if (!stored) throw DomainError.notFound('Vendor', vendorId);
    return { settings: stored, smsSizes };
  }
}
