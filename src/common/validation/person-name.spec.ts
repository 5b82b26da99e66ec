import { isPersonName } from './person-name';

/** The names of people, in the spellings they write them; and what a name field must never carry. */
const ACCEPTED_NAMES: [string, string][] = [
  ['accents and a hyphen', 'Marie-Ève O’Neil'],
  ['an ASCII apostrophe', "Marie-Ève O'Neil"],
  ['Chinese', '李小龙'],
  ['French accents', 'Jean-François Côté'],
  ['a diaeresis', 'Zoë Bélanger'],
  ['Vietnamese', 'Nguyễn Văn Anh'],
  ['Arabic', 'محمد الأمين'],
  ['Cree syllabics', 'ᐊᓂᔑᓈᐯ'],
  ['initials with dots', 'J.R. Tolkien'],
  ['an abbreviation', 'St. John Smith'],
  ['a Catalan middle dot', 'Gal·la Puig'],
  ['a Japanese middle dot', 'ジョン・スミス'],
  ['two people', 'Sam & Kim Lee'],
  ['a suffix', 'Henry Ford II'],
  ['a few digits', 'X Æ A-12'],
  ['one letter', 'Q'],
  ['decomposed accents', 'Ame\u0301lie'],
  ['a zero-width joiner (Indic scripts)', 'क्\u200dष'],
  ['exactly 100 characters', 'a'.repeat(100)],
  ['100 characters outside the BMP', '𠀀'.repeat(100)],
  ['surrounding spaces (trimmed)', '  Ann Lee  '],
];

const REFUSED_NAMES: [string, string][] = [
  ['empty', ''],
  ['blank', '   '],
  ['101 characters', 'a'.repeat(101)],
  ['a URL', 'https://evil.example/login'],
  ['a URL in a sentence', 'URGENT: your bank account is locked, verify at https://evil.example/x now'],
  ['a bare host name', 'evil.example'],
  ['www', 'www.evil'],
  ['an ideographic full stop in a host', 'evil\u3002example'],
  ['a full-width dot in a host', 'evil\uFF0Eexample'],
  ['a dot with spaces around it', 'evil . example'],
  ['a bracketed dot', 'evil[.]example'],
  ['a parenthesised dot', 'evil(.)example'],
  ['a bracketed dot with spaces', 'visit evil [ . ] example'],
  ['a word-separator middle dot', 'evil\u2E31example'],
  ['a one-dot leader', 'evil\u2024example'],
  ['an e-mail address', 'joe@example.com'],
  ['a full-width at sign', 'joe＠example'],
  ['a phone number', '416 555 0123'],
  ['an international phone number', '+1 (416) 555-0123'],
  ['a phone number in words', 'Call me 4165550123'],
  ['full-width digits', 'Bob ４１６５５５０１２３'],
  ['a newline', 'Bob\nSmith'],
  ['a tab', 'Bob\tSmith'],
  ['a bell', 'Bob\u0007'],
  ['a right-to-left override', 'Bob\u202Egnp.exe'],
  ['a zero-width space', 'Bob\u200BSmith'],
  ['a line separator', 'Bob\u2028Smith'],
  ['not a string', 42 as unknown as string],
];

describe('isPersonName', () => {
  it.each(ACCEPTED_NAMES)('accepts %s: %j', (_case, name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each(REFUSED_NAMES)('refuses %s: %j', (_case, name) => {
    expect(isPersonName(name)).toBe(false);
  });
});
