import { unlinked } from './unlinked';

describe('unlinked', () => {
  it.each([
    ['https://evil.example/login', 'hxxps://evil[.]example/login'],
    ['see http://a.b.example.com/x?y=1 now', 'see hxxp://a[.]b[.]example[.]com/x?y=1 now'],
    ['HTTPS://Evil.Example', 'HxxPS://Evil[.]Example'],
    ['www.evil.ca', 'www[.]evil[.]ca'],
    ['go to evil.example/x', 'go to evil[.]example/x'],
    // A scheme with no dot anywhere after it.
    ['ftp://nas/share', 'ftp[:]//nas/share'],
  ])('writes %j as %j', (text, expected) => {
    expect(unlinked(text)).toBe(expected);
  });

  it.each([
    'A new deck, about 200 sq ft. Built 1998.',
    'Budget $2.5k',
    'J.R. Smith',
    'Marie-Ève O’Neil',
    'Note: no link here',
  ])('leaves %j as it is', (text) => {
    expect(unlinked(text)).toBe(text);
  });
});
