import { ERASED, WITHHELD, mentions, redactText } from './customer-contact';

describe('redactText', () => {
  it('replaces each occurrence of a value, in any case, and keeps the rest of the words', () => {
    expect(redactText('Please call me, ZOÉ Tremblay sent me; zoé tremblay knows', ['Zoé Tremblay'])).toEqual({
      value: `Please call me, ${ERASED} sent me; ${ERASED} knows`,
      changed: true,
    });
  });

  it('takes values as plain text, the longest first, and leaves a text without them as it was', () => {
    expect(redactText('Ask (J.) Smith+Co or J. Smith', ['J.', '(J.) Smith+Co']).value).toBe(
      `Ask ${ERASED} or ${ERASED} Smith`,
    );
    expect(redactText('Nothing here', ['Zoé', 'x'])).toEqual({ value: 'Nothing here', changed: false });
    expect(redactText('Nothing here', [])).toEqual({ value: 'Nothing here', changed: false });
  });

  it('puts another replacement where asked, and tells whether a text names any of the values', () => {
    expect(redactText('Call Ann at ann@x.example', ['ann@x.example', 'Ann'], WITHHELD).value).toBe(
      `Call ${WITHHELD} at ${WITHHELD}`,
    );
    expect(mentions('Zoé TREMBLAY sent me', ['Zoé Tremblay'])).toBe(true);
    expect(mentions('A deck, please', ['Zoé Tremblay'])).toBe(false);
  });
});
