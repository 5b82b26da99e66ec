import { Inject, Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale/locale';
import { invalidRequest } from '../common/validation/invalid-request';
import { AppConfig, appConfig } from '../config/app.config';
import { MAX_SMS_SEGMENTS, customSmsSize } from '../notifications/rendering/render-notification';
import type { SmsSize } from '../notifications/rendering/sms-segments';
import { VendorsService } from '../vendors/vendors.service';
import type { ReviewSettings } from './entities/review-settings.entity';

/** The custom SMS texts of the review settings, by the field that holds each and its language. */
export const CUSTOM_SMS_FIELDS = { customSMSMessage: 'en', customSMSMessageFr: 'fr' } as const satisfies Record<
  string,
  Locale
>;
export type CustomSmsField = keyof typeof CUSTOM_SMS_FIELDS;
export type CustomSmsSizes = Record<CustomSmsField, SmsSize | null>;

/** The settings as the API answers them: with the size of each custom SMS text as it is sent. */
export interface MeasuredReviewSettings {
  settings: ReviewSettings;
  smsSizes: CustomSmsSizes;
}

/** The longest first name a text is measured with: most customers' fit in it. */
const FIRST_NAME = 'x'.repeat(20);
/** A review link as the messages carry it: the base address, `/r/` and a 24-character token. */
const LINK_PATH = `/r/${'x'.repeat(24)}`;

/**
 * How many SMS parts each custom text takes as the customer receives it: with the vendor's own name, a
 * 20-character first name and a real link, in its language, in its longest form (a reminder, whose
 * first line says so). A text that cannot fit MAX_SMS_SEGMENTS is refused when the settings are saved,
 * rather than replaced by the default when it is sent.
 */
@Injectable()
export class CustomSmsSizesService {
  constructor(
    private readonly vendors: VendorsService,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
  ) {}

  /** Each text's size; null for an empty text (the built-in wording is sent). */
  async of(vendorId: number, texts: Record<CustomSmsField, string>): Promise<CustomSmsSizes> {
    const vendorName = await this.vendors.nameOf(vendorId);
    const link = `${this.app.publicBaseUrl}${LINK_PATH}`;
    const fields = { firstName: FIRST_NAME, vendorName, link, unsubscribeLink: `${link}/unsubscribe` };
    const sizeOf = (field: CustomSmsField): SmsSize | null => {
      const text = texts[field].trim();
      if (!text) return null;
      const locale = CUSTOM_SMS_FIELDS[field];
      const request = customSmsSize('REVIEW_REQUEST', fields, text, locale);
      const reminder = customSmsSize('REVIEW_REMINDER', fields, text, locale);
      return reminder.segments > request.segments ? reminder : request;
    };
    return { customSMSMessage: sizeOf('customSMSMessage'), customSMSMessageFr: sizeOf('customSMSMessageFr') };
  }

  /** The sizes, or a 400 naming each text that cannot fit, with its size in parts and encoding. */
  async fitting(vendorId: number, texts: Record<CustomSmsField, string>): Promise<CustomSmsSizes> {
    const sizes = await this.of(vendorId, texts);
    const tooLong = (Object.keys(sizes) as CustomSmsField[]).flatMap((field) => {
      const size = sizes[field];
      if (!size || size.segments <= MAX_SMS_SEGMENTS) return [];
      const message =
        `${field} takes ${size.segments} SMS segments in ${size.encoding} with the vendor's name and a ` +
        `20-character first name; at most ${MAX_SMS_SEGMENTS} are sent: shorten it`;
      return [{ field, message }];
    });
    if (tooLong.length > 0) throw invalidRequest(tooLong);
    return sizes;
  }
}
