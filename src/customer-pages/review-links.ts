import { isForbiddenHost } from '../common/network/forbidden-address';
import { ReviewPlatform } from '../reputation/entities/reputation-event.entity';
import type { ReviewSettings } from '../review-settings/entities/review-settings.entity';

/** One review site the customer can go to, as the vendor's review settings enable it. */
export interface ReviewLink {
  platform: ReviewPlatform;
  /** Path segment(s) after `/r/{token}/go/`: `google`, `google/3` (an additional location), `facebook`... */
  target: string;
  label: string;
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

/** The enabled review sites that have a usable address, Google's primary listing and locations first. */
export function reviewLinksOf(settings: ReviewSettings): ReviewLink[] {
  const links: ReviewLink[] = [];
  if (settings.googleReviewEnabled) {
    if (isWebUrl(settings.googleReviewUrl)) {
      const label = settings.primaryGoogleReviewLabel ? `Google (${settings.primaryGoogleReviewLabel})` : 'Google';
      links.push({ platform: ReviewPlatform.Google, target: 'google', label, url: settings.googleReviewUrl });
    }
    for (const location of settings.reviewLocations) {
      if (!isWebUrl(location.googleUrl)) continue;
      links.push({
        platform: ReviewPlatform.Google,
        target: `google/${location.id}`,
        label: `Google (${location.label})`,
        url: location.googleUrl,
      });
    }
  }
  const others: [boolean, ReviewPlatform, string, string | null][] = [
    [settings.facebookReviewEnabled, ReviewPlatform.Facebook, 'Facebook', settings.facebookReviewUrl],
    [settings.bbbReviewEnabled, ReviewPlatform.Bbb, 'BBB', settings.bbbReviewUrl],
    [
      settings.otherReviewEnabled,
      ReviewPlatform.Other,
      settings.otherReviewSiteName || 'Other',
      settings.otherReviewUrl,
    ],
  ];
  for (const [enabled, platform, label, url] of others) {
    if (enabled && isWebUrl(url)) links.push({ platform, target: platform.toLowerCase(), label, url });
  }
  return links;
}
