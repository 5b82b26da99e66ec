import { MANAGER_API } from './api-paths';

/** `PUT .../review-settings` of a vendor. */
export const reviewSettingsPath = (vendorId: number): string => `${MANAGER_API}/vendors/${vendorId}/review-settings`;

/** Review settings with every site, text and location filled (BBB off). */
export const FULL = {
  googleReviewEnabled: true,
  facebookReviewEnabled: true,
  bbbReviewEnabled: false,
  otherReviewEnabled: true,
  otherReviewSiteName: 'HomeStars',
  customSMSMessage: 'Thanks for choosing Maple! Would you leave us a review?',
  customEmailMessage: 'Hello,\n\nThank you for trusting Maple Renovations with your kitchen.',
  customSMSMessageFr: 'Merci d’avoir choisi Maple! Nous laisseriez-vous un avis?',
  customEmailMessageFr: 'Bonjour,\n\nMerci d’avoir confié votre cuisine à Maple Renovations.',
  primaryGoogleReviewLabel: 'Main office',
  primaryGoogleReviewLabelFr: 'Bureau principal',
  reviewLocations: [
    {
      label: 'Mississauga showroom',
      labelFr: 'Salle d’exposition de Mississauga',
      googleUrl: 'https://g.page/r/CaBcDeFgHiJkEAE/review',
    },
    {
      label: 'Oakville yard',
      labelFr: 'Entrepôt d’Oakville',
      googleUrl: 'https://search.google.com/local/writereview?placeid=ChIJ123',
    },
  ],
  googleReviewUrl: 'https://www.google.ca/maps/place/Maple+Renovations',
  facebookReviewUrl: 'https://www.facebook.com/maplereno/reviews',
  bbbReviewUrl: null,
  otherReviewUrl: 'https://homestars.com/companies/123-maple-renovations',
};

/** A review location of its own number. */
export const location = (n: number) => ({
  label: `Location ${n}`,
  labelFr: `Emplacement ${n}`,
  googleUrl: `https://g.page/r/location-${n}/review`,
});
