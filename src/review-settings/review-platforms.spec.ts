import { isHttpsUrl } from '../common/validation/is-https-url.decorator';
import { GOOGLE_SEARCH_DOMAINS } from './google-domains';
import { BBB_DOMAINS, FACEBOOK_DOMAINS, GOOGLE_DOMAINS } from './review-platforms';

describe('review platform hosts', () => {
  it.each([
    'https://g.page/r/CaBcDeFgHiJkEAE/review',
    'https://search.google.com/local/writereview?placeid=ChIJ',
    'https://www.google.ca/maps/place/x',
    'https://www.google.co.uk/maps/place/x',
    'https://www.google.com.au/maps/place/x',
    'https://maps.app.goo.gl/abc',
    'https://g.co/kgs/abc',
    'https://www.google.de/maps/place/x',
    'https://google.cat/x',
  ])('accepts the Google URL %s', (url) => expect(isHttpsUrl(url, GOOGLE_DOMAINS)).toBe(true));

  it.each([
    'https://evilgoogle.com/x',
    'https://google.com.evil.io/x',
    'https://google.evil/x',
    'https://g.page.example.com/x',
    'https://example.com/https://g.page/r/x',
    'https://google.com./x',
    'https://google.tk/x',
    'https://www.google.co.zz/x',
    'https://google.com.zz/x',
    'https://google.zz/x',
  ])('refuses the look-alike %s as a Google URL', (url) => expect(isHttpsUrl(url, GOOGLE_DOMAINS)).toBe(false));

  it('knows google.com and its country domains, as Google lists them', () => {
    expect(GOOGLE_SEARCH_DOMAINS).toContain('google.com');
    expect(GOOGLE_SEARCH_DOMAINS.length).toBeGreaterThan(180);
    expect(new Set(GOOGLE_SEARCH_DOMAINS).size).toBe(GOOGLE_SEARCH_DOMAINS.length);
    for (const domain of GOOGLE_SEARCH_DOMAINS)
      expect(domain).toMatch(/^google\.(com|cat|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/);
  });

  it('tells Facebook and BBB pages from others', () => {
    expect(isHttpsUrl('https://www.facebook.com/maplereno/reviews', FACEBOOK_DOMAINS)).toBe(true);
    expect(isHttpsUrl('https://m.facebook.com/maplereno', FACEBOOK_DOMAINS)).toBe(true);
    expect(isHttpsUrl('https://facebook.com.example/x', FACEBOOK_DOMAINS)).toBe(false);
    expect(isHttpsUrl('https://www.bbb.org/ca/on/toronto/profile/x', BBB_DOMAINS)).toBe(true);
    expect(isHttpsUrl('https://bbb.org.example.com/x', BBB_DOMAINS)).toBe(false);
  });
});
