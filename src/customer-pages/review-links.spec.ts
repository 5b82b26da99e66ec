import type { ReviewSettings } from '../review-settings/entities/review-settings.entity';
import { reviewLinksOf } from './review-links';

describe('reviewLinksOf', () => {
  const settings = (otherReviewUrl: string): ReviewSettings =>
    ({
      googleReviewEnabled: false,
      facebookReviewEnabled: false,
      bbbReviewEnabled: false,
      otherReviewEnabled: true,
      otherReviewSiteName: 'HomeStars',
      reviewLocations: [],
      otherReviewUrl,
    }) as unknown as ReviewSettings;

  it('links to a stored review page on a public host', () => {
    expect(reviewLinksOf(settings('https://homestars.com/x')).map((l) => l.url)).toEqual(['https://homestars.com/x']);
  });

  // Rows saved before the settings refused such hosts: the customer is never sent there.
  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'http://localhost:8080/',
    'https://[::1]/',
    'http://2130706433/',
  ])('leaves out a stored link to the internal host of %s', (url) => expect(reviewLinksOf(settings(url))).toEqual([]));
});
