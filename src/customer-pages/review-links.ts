import { text } from '../common/i18n/catalogue';
import { LOCALES, type Locale } from '../common/locale/locale';
import { isForbiddenHost } from '../common/network/forbidden-address';
import { ReviewPlatform } from '../reputation/entities/reputation-event.entity';
import type { ReviewSettings } from '../review-settings/entities/review-settings.entity';

/** One review site the customer can go to, as the vendor's review settings enable it. */
export interface ReviewLink {
  platform: ReviewPlatform;
  /** Path segment(s) after `/r/{token}/go/`: `google`, `google/3` (an additional location), `facebook`... */
  target: string;
  /** What the link calls the site, in each language of the pages. */
  labels: Record<Locale, string>;
  url: string;
}

/** A web address the customer may be sent to: never a host of their own machine or network. */
function isWebUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && !isForbiddenHost(hostname);
  } catch {
    return false;
  }
}

/** A label in each language of the pages. */
const inEachLanguage = (label: (locale: Locale) => string): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, label(locale)])) as Record<Locale, string>;

/** A Google listing's label: "Google (Laval)"; one that names Google already ("Google Laval") as it is. */
const googleLabel = (label: string): string =>
  !label ? 'Google' : /\bgoogle\b/i.test(label) ? label : `Google (${label})`;

/** A listing's labels: its French one on French pages when the manager gave one, else the same label. */
const googleLabels = (label: string, labelFr: string): Record<Locale, string> =>
  inEachLanguage((locale) => googleLabel(locale === 'fr' && labelFr ? labelFr : label));

/** The enabled review sites that have a usable address, Google's primary listing and locations first. */
export function reviewLinksOf(settings: ReviewSettings): ReviewLink[] {
  const links: ReviewLink[] = [];
  if (settings.googleReviewEnabled) {
    if (isWebUrl(settings.googleReviewUrl)) {
      const labels = googleLabels(settings.primaryGoogleReviewLabel, settings.primaryGoogleReviewLabelFr);
      links.push({ platform: ReviewPlatform.Google, target: 'google', labels, url: settings.googleReviewUrl });
    }
    for (const location of settings.reviewLocations) {
      if (!isWebUrl(location.googleUrl)) continue;
      links.push({
        platform: ReviewPlatform.Google,
        target: `google/${location.id}`,
        labels: googleLabels(location.label, location.labelFr),
        url: location.googleUrl,
      });
    }
  }
  const others: [boolean, ReviewPlatform, Record<Locale, string>, string | null][] = [
    [
      settings.facebookReviewEnabled,
      ReviewPlatform.Facebook,
      inEachLanguage(() => 'Facebook'),
      settings.facebookReviewUrl,
    ],
    [settings.bbbReviewEnabled, ReviewPlatform.Bbb, inEachLanguage(() => 'BBB'), settings.bbbReviewUrl],
    [
      settings.otherReviewEnabled,
      ReviewPlatform.Other,
      inEachLanguage((locale) => settings.otherReviewSiteName || text(locale, 'page.otherReviewSite')),
      settings.otherReviewUrl,
    ],
  ];
  for (const [enabled, platform, labels, url] of others) {
    if (enabled && isWebUrl(url)) links.push({ platform, target: platform.toLowerCase(), labels, url });
  }
  return links;
}
