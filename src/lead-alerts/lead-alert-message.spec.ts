import { excerpt, withoutContacts } from './lead-alert-message';

describe('withoutContacts', () => {
  it('hides e-mail addresses, phone numbers in their usual writings and the lead’s stored contacts', () => {
    const text = withoutContacts(
      'Call 416-555-0199, (416) 555 0199 or +1 416.555.0199, mail j.doe+home@x.example.\nWe are at 5 Elm Rd, Ottawa.',
      ['5 Elm Rd, Ottawa', null],
      '[hidden]',
    );
    expect(text).toBe('Call [hidden], [hidden] or [hidden], mail [hidden]. We are at [hidden].');
  });

  it('keeps numbers too short to be a phone number (sizes, years, prices)', () => {
    expect(withoutContacts('200 sq ft, built 1998, budget $25,000', [], '[hidden]')).toBe(
      '200 sq ft, built 1998, budget $25,000',
    );
  });
});

describe('excerpt', () => {
  it('keeps a text that fits, and cuts a longer one at a word within the limit, ellipsis included', () => {
    expect(excerpt('short text', 160)).toBe('short text');
    const cut = excerpt('word '.repeat(100).trim(), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/^(word )+word…$/);
    expect(excerpt('x'.repeat(300), 160)).toHaveLength(160);
  });
});
