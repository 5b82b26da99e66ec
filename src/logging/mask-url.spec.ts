import { maskUrl } from './mask-url';

describe('maskUrl', () => {
  it.each([
    ['/rest-api-v1/general-leads?page=2&size=10', '/rest-api-v1/general-leads?page=2&size=10'],
    [
      '/rest-api-v1/feedback-requests/check-duplicates?email=a%40b.c&phone=416-555-0101',
      '/rest-api-v1/feedback-requests/check-duplicates?email=***&phone=***',
    ],
    ['/x?Email=a@b.c&EMAILTO=x&other=1', '/x?Email=***&EMAILTO=***&other=1'],
    ['/r/abcDEF123_-xyz', '/r/***'],
    ['/r/abcDEF123/go/google?x=1', '/r/***/go/google?x=1'],
    ['/i/abcDEF123_-xyz/unsubscribe', '/i/***/unsubscribe'],
    ['/i/abcDEF123?sent=1', '/i/***?sent=1'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/rest-manager-api-v1/vendors', '/rest-manager-api-v1/vendors'],
  ])('%s → %s', (url, expected) => expect(maskUrl(url)).toBe(expected));
});
