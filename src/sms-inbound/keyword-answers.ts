import { Inject, Injectable } from '@nestjs/common';
import { text } from '../common/i18n/catalogue';
import type { Locale } from '../common/locale/locale';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { smsSize, withGsm7Punctuation } from '../notifications/rendering/sms-segments';
import { VendorsService } from '../vendors/vendors.service';

/** A HELP answer goes in at most this many parts (UCS-2 when the vendor's name needs it). */
export const MAX_HELP_SEGMENTS = 2;

/** What the conversation a HELP answers is: a review or feedback request, or a lead's conversation. */
export type HelpTopic = 'request' | 'lead';

/** The texts the service answers a keyword with, in the catalogues' words. */
@Injectable()
export class KeywordAnswers {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly vendors: VendorsService,
  ) {}

  private get operator(): { operatorName: string; operatorContact: string } {
    // OPERATOR_CONTACT is required in production; outside it the sender address of the e-mails stands in.
    const { operatorName, operatorContact, mailFrom } = this.config;
    return { operatorName, operatorContact: operatorContact ?? mailFrom };
  }

  /**
   * HELP/INFO/AIDE: who sends these texts and for whom (`vendorId`: the vendor of the phone's latest
   * conversation on the number written to), what that conversation is (`topic`), how to stop, whom to
   * ask. In at most two parts, the vendor's name as spelled (UCS-2 when it needs it); a name too long for
   * them is left out rather than cut.
   */
  async help(locale: Locale, vendorId: number | null, topic: HelpTopic): Promise<string> {
    if (vendorId !== null) {
      const vendorName = withGsm7Punctuation(await this.vendors.nameOf(vendorId));
      const key = topic === 'lead' ? 'sms.helpForLead' : 'sms.helpForVendor';
      const answer = text(locale, key, { ...this.operator, vendorName });
      if (smsSize(answer).segments <= MAX_HELP_SEGMENTS) return answer;
    }
    return text(locale, 'sms.help', this.operator);
  }

  /** A START to a number that never texted the phone: nothing changed, and where START works. */
  howToResubscribe(locale: Locale): string {
    return text(locale, 'sms.startNotServed', this.operator);
  }

  /** An opt-out the provider does not confirm itself: done, by whom, and how to come back (START). */
  optOutConfirmation(locale: Locale): string {
    return text(locale, 'sms.optOutConfirmation', this.operator);
  }
}
