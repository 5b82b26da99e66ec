import { maskUrl, maskUrlsIn } from './mask-url';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwianRpIjoiYWJjIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const PAGE_TOKEN = 'MjAyNi0xMS0yN1QxMDowMDowMC4wMDBafDEyMzQ1';

describe("maskUrl: by the value's shape, on every spelling", () => {
  it.each([
    ['/R/abcDEF123/feedback', '/R/***/feedback'],
    ['/I/abcDEF123', '/I/***'],
    [`/rest-api-v1/general-leads;access_token=${JWT}`, '/rest-api-v1/general-leads;access_token=***'],
    [`/rest-api-v1/leads;jsessionid=x/1;t=${JWT}`, '/rest-api-v1/leads;jsessionid=***/1;t=***'],
    ...['page', 'sort', 'filter', 'from', 'after'].flatMap((name) => [
      [`/rest-api-v1/general-leads?${name}=${JWT}`, `/rest-api-v1/general-leads?${name}=***`],
      [`/rest-api-v1/general-leads?${name}=${PAGE_TOKEN}`, `/rest-api-v1/general-leads?${name}=***`],
    ]),
    [`/rest-api-v1/x/${JWT}/y`, '/rest-api-v1/x/***/y'],
    // The shortest JWT shape (two parts of 8), as sent and percent-encoded.
    ['/rest-api-v1/x/abcdefgh.abcdefgh./y', '/rest-api-v1/x/***/y'],
    ['/rest-api-v1/x/abcdefgh.abcdefgh.', '/rest-api-v1/x/***'],
    ['/rest-api-v1/x?page=%61bcdefgh.abcdefgh.', '/rest-api-v1/x?page=***'],
    [
      '/rest-api-v1/general-leads?page=2&sort=-dateCreated&from=2026-01-01',
      '/rest-api-v1/general-leads?page=2&sort=-dateCreated&from=2026-01-01',
    ],
    ['/rest-api-v1/events?after=12345&limit=10', '/rest-api-v1/events?after=12345&limit=10'],
  ])('%s is logged as %s', (url, logged) => {
    expect(maskUrl(url)).toBe(logged);
  });
});

describe('maskUrl', () => {
  it.each([
    ['/rest-api-v1/general-leads?page=2&size=10&filter=ALL', '/rest-api-v1/general-leads?page=2&size=10&filter=ALL'],
    [
      '/rest-api-v1/feedback-requests/check-duplicates?email=a%40b.c&phone=416-555-0101',
      '/rest-api-v1/feedback-requests/check-duplicates?email=***&phone=***',
    ],
    ['/x?Email=a@b.c&EMAILTO=x&other=1', '/x?Email=***&EMAILTO=***&other=***'],
    [
      '/rest-api-v1/general-leads?access_token=eyJhbGciOi.x.y&page=0',
      '/rest-api-v1/general-leads?access_token=***&page=0',
    ],
    ['/x?token=abc&api_key=k&secret=s&code=c', '/x?token=***&api_key=***&secret=***&code=***'],
    ['/rest-manager-api-v1/vendors?search=Jane%20Doe&sort=id', '/rest-manager-api-v1/vendors?search=***&sort=id'],
    ['/rest-api-v1/events?after=evt_1&limit=10', '/rest-api-v1/events?after=evt_1&limit=10'],
    [
      '/rest-api-v1/reputation-kpi?from=2024-01-01&to=2024-02-01',
      '/rest-api-v1/reputation-kpi?from=2024-01-01&to=2024-02-01',
    ],
    ['/rest-api-v1/review-requests?skipDuplicates=true', '/rest-api-v1/review-requests?skipDuplicates=true'],
    ['/x?eyJhbGciOi.secret', '/x?***'],
    ['/x?page&size=', '/x?page&size='],
    ['/x?%70age=1&p%61ge=2', '/x?%70age=1&p%61ge=2'],
    ['/r/abcDEF123_-xyz', '/r/***'],
    ['/r/abcDEF123/go/google?x=1', '/r/***/go/google?x=***'],
    ['/i/abcDEF123_-xyz/unsubscribe', '/i/***/unsubscribe'],
    ['/i/abcDEF123?sent=1', '/i/***?sent=1'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=***'],
    ['/rest-manager-api-v1/vendors', '/rest-manager-api-v1/vendors'],
  ])('%s → %s', (url, expected) => expect(maskUrl(url)).toBe(expected));
});

describe('maskUrlsIn', () => {
  it('masks the link token of every URL in a text, whatever surrounds it', () => {
    const token = 'Ab3dEfGh1jKlMn0pQrStUv_-';
    const text = [
      `Review us: https://leads.example/r/${token}.`,
      `Unsubscribe (https://leads.example/l/${token}/unsubscribe)`,
      `<a href="http://leads.example:8080/i/${token}?lang=fr">`,
      'Visit https://vendor.example and https://vendor.example/about',
    ].join('\n');
    expect(maskUrlsIn(text)).toBe(
      [
        'Review us: https://leads.example/r/***',
        'Unsubscribe (https://leads.example/l/***/unsubscribe)',
        '<a href="http://leads.example:8080/i/***?lang=***">',
        'Visit https://vendor.example and https://vendor.example/about',
      ].join('\n'),
    );
  });
});
