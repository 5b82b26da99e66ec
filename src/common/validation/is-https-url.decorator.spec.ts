import { MAX_URL_LENGTH, isHttpsUrl } from './is-https-url.decorator';

describe('isHttpsUrl', () => {
  it.each([
    'https://example.com',
    'https://homestars.com/companies/123-maple?tab=reviews#top',
    'https://xn--bcher-kva.example/', // an IDN host, as browsers send it
  ])('accepts %s', (url) => expect(isHttpsUrl(url)).toBe(true));

  it.each([
    ['http', 'http://example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['relative', '/reviews'],
    ['no scheme', 'example.com/reviews'],
    ['credentials', 'https://user:pw@example.com/'],
    ['spaces in the host', 'https://exa mple.com/'],
    ['too long', `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`],
    ['not a string', 42],
  ])('refuses %s', (_case, url) => expect(isHttpsUrl(url)).toBe(false));

  it('with domains, accepts only those hosts and their subdomains', () => {
    const domains = new Set(['example.org']);
    expect(isHttpsUrl('https://example.org/x', domains)).toBe(true);
    expect(isHttpsUrl('https://www.reviews.example.org/x', domains)).toBe(true);
    expect(isHttpsUrl('https://badexample.org/x', domains)).toBe(false);
    expect(isHttpsUrl('https://example.org.evil.io/x', domains)).toBe(false);
  });
});
