import fc from 'fast-check';
import { gsmSegments } from '../../../test/support/gsm-03-38';
import { smsSize } from './sms-segments';

/** Characters of every kind a text holds: GSM-7's basic set and extension table, accents outside it, emoji. */
const GSM7 = [...'aZ0 .,!?@£$èéÉàÄÖÑÜ§¿\n^{}\\[~]|€'];
const OTHERS = [...'ôçêëîïœÀÂÊÎÔÛ’«»…😀🏠'];

/**
 * Random texts, GSM-7 only or not, often led by a run of one-unit characters ending near a part's end
 * (GSM-7's 153 or UCS-2's 67), where an escaped character or an emoji would cross it.
 */
const text = fc
  .tuple(
    fc.constantFrom('a', 'ô'),
    fc.oneof(fc.integer({ min: 63, max: 68 }), fc.integer({ min: 148, max: 154 }), fc.integer({ min: 0, max: 160 })),
    fc.oneof(
      fc.array(fc.constantFrom(...GSM7), { maxLength: 400 }),
      fc.array(fc.constantFrom(...GSM7, ...OTHERS), { maxLength: 400 }),
    ),
  )
  .map(([lead, count, chars]) => lead.repeat(count) + chars.join(''));

/** The service's segment counter against one written from GSM 03.38 itself (test/support/gsm-03-38.ts). */
describe('smsSize', () => {
  it('counts the encoding and the parts as GSM 03.38 does, for any text', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect({ value, ...smsSize(value) }).toEqual({ value, ...gsmSegments(value) });
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['160 septets: one part', 'a'.repeat(160), 1],
    ['161 septets: two parts', 'a'.repeat(161), 2],
    [
      '306 septets, an escaped € across the first part’s end: it goes whole to the second',
      `${'a'.repeat(152)}€${'a'.repeat(152)}`,
      3,
    ],
    ['70 UCS-2 units: one part', 'ô'.repeat(70), 1],
    [
      '134 units, an emoji across the first part’s end: it goes whole to the second',
      `${'ô'.repeat(66)}😀${'ô'.repeat(66)}`,
      3,
    ],
  ])('%s', (_case, value, segments) => {
    expect(gsmSegments(value).segments).toBe(segments);
    expect(smsSize(value).segments).toBe(segments);
  });
});
