import { CATALOGUES, type MessageKey, isSmsText } from '../../common/i18n/catalogue';
import { LOCALES, type Locale } from '../../common/locale/locale';
import { smsSize } from './sms-segments';

/** The SMS texts of a language that would send their message in UCS-2 (placeholders aside). */
function outsideGsm7(catalogue: Record<MessageKey, string>): string[] {
  return (Object.keys(catalogue) as MessageKey[]).filter(
    (key) => isSmsText(key) && smsSize(catalogue[key].replace(/\{[^{}]*\}/g, 'X')).encoding !== 'GSM-7',
  );
}

describe("The catalogues' SMS texts", () => {
  it.each(LOCALES)('%s: every SMS text is GSM-7, ordinary spaces included', (locale: Locale) => {
    expect(outsideGsm7(CATALOGUES[locale])).toEqual([]);
  });

  it('would catch a letter, an apostrophe or a space outside GSM-7', () => {
    const planted = {
      ...CATALOGUES.fr,
      'REVIEW_REQUEST.sms': 'Bonjour {firstName}, êtes-vous là? {link}',
      'FEEDBACK_REQUEST.sms': 'Bonjour {firstName}, merci d’avoir choisi {vendorName}! {link}',
      'message.smsOptOut': 'Répondez ARRET pour ne plus recevoir de messages\u00a0!',
    };
    expect(outsideGsm7(planted).sort()).toEqual(['FEEDBACK_REQUEST.sms', 'REVIEW_REQUEST.sms', 'message.smsOptOut']);
  });
});
