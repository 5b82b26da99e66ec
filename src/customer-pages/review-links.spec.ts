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

describe('the review sites as the pages name them', () => {
  const settings = (changes: Partial<ReviewSettings>): ReviewSettings =>
    ({
      googleReviewEnabled: true,
      googleReviewUrl: 'https://g.page/r/main/review',
      primaryGoogleReviewLabel: '',
      primaryGoogleReviewLabelFr: '',
      facebookReviewEnabled: false,
      bbbReviewEnabled: false,
      otherReviewEnabled: false,
      otherReviewSiteName: '',
      otherReviewUrl: 'https://other.example/review',
      reviewLocations: [],
      ...changes,
    }) as unknown as ReviewSettings;
  const labelsOf = (changes: Partial<ReviewSettings>) => reviewLinksOf(settings(changes)).map((link) => link.labels);

  it('names Google once, even when the manager wrote it in the label', () => {
    expect(labelsOf({ primaryGoogleReviewLabel: 'Google (Québec)' })).toEqual([
      { en: 'Google (Québec)', fr: 'Google (Québec)' },
    ]);
    expect(labelsOf({ primaryGoogleReviewLabel: 'Laval' })).toEqual([{ en: 'Google (Laval)', fr: 'Google (Laval)' }]);
  });

  it('shows the French label on French pages, and the one label where no French one was given', () => {
    const location = (id: number, label: string, labelFr: string) => ({
      id,
      label,
      labelFr,
      googleUrl: `https://g.page/r/${id}/review`,
    });
    expect(
      labelsOf({
        primaryGoogleReviewLabel: 'Main office',
        primaryGoogleReviewLabelFr: 'Bureau principal',
        reviewLocations: [location(1, 'West end', 'Secteur ouest'), location(2, 'Laval', '')] as never,
      }),
    ).toEqual([
      { en: 'Google (Main office)', fr: 'Google (Bureau principal)' },
      { en: 'Google (West end)', fr: 'Google (Secteur ouest)' },
      { en: 'Google (Laval)', fr: 'Google (Laval)' },
    ]);
  });

  it('calls an unnamed other site by the words of each language', () => {
    expect(labelsOf({ googleReviewEnabled: false, otherReviewEnabled: true })).toEqual([
      { en: 'another review site', fr: 'un autre site d’avis' },
    ]);
  });
});
