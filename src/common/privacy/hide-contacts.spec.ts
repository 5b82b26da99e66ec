import fc from 'fast-check';
import { canonicalText, htmlWithoutContacts, withoutContacts } from './hide-contacts';

const fullWidth = (character: string): string =>
  /[0-9A-Za-z]/.test(character) ? String.fromCodePoint(character.codePointAt(0)! + 0xfee0) : character;
/** A text spelled with some characters full-width, as phones with a CJK or full-width keyboard type. */
const someFullWidth = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((wide) =>
    Array.from(text)
      .map((character, i) => (wide[i] ? fullWidth(character) : character))
      .join(''),
  );

const AT_SPELLINGS = ['@', '＠', ' @ ', '[at]', ' [at] ', '(at)', '[@]', '{at}', '\uFE6B'];
const DOT_SPELLINGS = ['.', '．', '。', '｡', '[.]', '(dot)', ' [dot] ', '(.)', '\u2024', '\uFE52'];
const SEPARATORS = ['', ' ', '-', '.', ' - ', '\u2011', '–', '/', '\u00A0'];
const AROUND = ['', 'Hi, reach me at ', 'Merci! ', 'text ', 'mail: '];

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const tld = fc.stringMatching(/^[a-z]{2,6}$/);

const email = fc
  .record({
    local: fc.stringMatching(/^[a-z][a-z0-9._]{0,11}$/),
    domain: label,
    tld,
    at: fc.constantFrom(...AT_SPELLINGS),
    dot: fc.constantFrom(...DOT_SPELLINGS),
    zeroWidth: fc.boolean(),
  })
  .chain(({ local, domain, tld: top, at, dot, zeroWidth }) =>
    someFullWidth(`${local}${zeroWidth ? '\u200B' : ''}`).map((spelledLocal) => ({
      written: `${spelledLocal}${at}${domain}${dot}${top}`,
      domain: `${domain}.${top}`,
    })),
  );

const phone = fc
  .record({
    digits: fc.stringMatching(/^[2-9]\d{9}$/),
    separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 2, maxLength: 2 }),
    parentheses: fc.boolean(),
    country: fc.constantFrom('', '+1 ', '1-', '＋１ '),
  })
  .chain(({ digits, separators: [first, second], parentheses, country }) =>
    someFullWidth(
      `${country}${parentheses ? `(${digits.slice(0, 3)})` : digits.slice(0, 3)}${first}${digits.slice(3, 6)}${second}${digits.slice(6)}`,
    ).map((written) => ({ written, digits })),
  );

const url = fc
  .record({
    scheme: fc.constantFrom('', 'http://', 'https://', 'HTTPS://', 'hTtP://', 'ｈｔｔｐｓ://', 'ftp://', 'www.'),
    labels: fc.array(label, { minLength: 1, maxLength: 3 }),
    tld,
    dot: fc.constantFrom('.', '．', '。', '｡', '[.]', '\u2024'),
    path: fc.constantFrom('', '/login', '/x?y=1'),
  })
  .map(({ scheme, labels, tld: top, dot, path }) => `${scheme}${[...labels, top].join(dot)}${path}`);

const around = fc.constantFrom(...AROUND);

describe('withoutContacts', () => {
  it('hides e-mail addresses, phone numbers in their usual writings and the lead’s stored contacts', () => {
    const text = withoutContacts(
      'Call 416-555-0199, (416) 555 0199 or +1 416.555.0199, mail j.doe+home@x.example.\nWe are at 5 Elm Rd, Ottawa.',
      '[hidden]',
      ['5 Elm Rd, Ottawa', null],
    );
    expect(text).toBe('Call [hidden], [hidden] or [hidden], mail [hidden].\nWe are at [hidden].');
  });

  it('hides the spellings the masking once missed', () => {
    // NFKC writes the ellipsis as three dots.
    expect(withoutContacts('…fred@example.com 514 555 0133')).toBe('...[contact hidden] [contact hidden]');
    expect(withoutContacts('５１４ ５５５ ０１３３ fred＠example．com')).toBe('[contact hidden] [contact hidden]');
    expect(withoutContacts('fred@example[.]com, fred@example。com')).toBe('[contact hidden], [contact hidden]');
  });

  it('keeps numbers too short to be a phone number (sizes, years, prices)', () => {
    expect(withoutContacts('200 sq ft, built 1998, budget $25,000', '[hidden]')).toBe(
      '200 sq ft, built 1998, budget $25,000',
    );
  });

  it('hides every spelling of an e-mail address people type', () => {
    fc.assert(
      fc.property(around, email, around, (before, { written, domain }, after) => {
        const shown = canonicalText(withoutContacts(`${before}${written} ${after}`));
        expect(shown).not.toContain('@');
        expect(shown).not.toContain(domain);
      }),
      { numRuns: 500 },
    );
  });

  it('hides every spelling of a phone number people type', () => {
    fc.assert(
      fc.property(around, phone, around, (before, { written, digits }, after) => {
        const shown = withoutContacts(`${before}${written} ${after}`);
        expect(canonicalText(shown).replace(/\D/g, '')).not.toContain(digits.slice(3));
      }),
      { numRuns: 500 },
    );
  });

  it('defangs a web address in every spelling: no scheme an app links, no host with a bare dot', () => {
    fc.assert(
      fc.property(around, url, around, (before, address, after) => {
        const shown = withoutContacts(`${before}${address} ${after}`);
        expect(shown).not.toMatch(/(?:https?|ftp):\/\//i);
        expect(shown).not.toMatch(/[\p{L}\p{N}-]\.\p{L}{2,}/u);
      }),
      { numRuns: 500 },
    );
  });
});

describe('htmlWithoutContacts', () => {
  it('hides contacts in the text, references included, defangs links in attributes, and makes no markup', () => {
    const html =
      '<p>Call ５１４ ５５５ ０１３３ or fred&#64;example&#46;com</p><a href="https://evil．example/x">site</a><p>＜script＞ &amp; 1 &lt; 2</p>';
    expect(htmlWithoutContacts(html)).toBe(
      '<p>Call [contact hidden] or [contact hidden]</p><a href="hxxps://evil[.]example/x">site</a><p>&lt;script&gt; &amp; 1 &lt; 2</p>',
    );
  });

  it('hides a known contact in every paragraph and reads references in a tag before defanging it', () => {
    const html = '<p>We are at 5 Elm Rd.</p><p>Park at 5 Elm Rd</p><a href="https&#58;//evil&#x2E;example">x</a>';
    expect(htmlWithoutContacts(html, '[hidden]', [null, ' 5 Elm Rd '])).toBe(
      '<p>We are at [hidden].</p><p>Park at [hidden]</p><a href="hxxps://evil[.]example">x</a>',
    );
  });

  it('never lets an e-mail address or a phone number through, whatever its spelling', () => {
    fc.assert(
      fc.property(email, phone, ({ written, domain }, { written: phoneWritten, digits }) => {
        const shown = canonicalText(htmlWithoutContacts(`<p>${written}<br>${phoneWritten}</p>`));
        expect(shown).not.toContain(domain);
        expect(shown.replace(/\D/g, '')).not.toContain(digits.slice(3));
        expect(shown.match(/<[^>]*>/g)).toEqual(['<p>', '<br>', '</p>']);
      }),
      { numRuns: 300 },
    );
  });
});
