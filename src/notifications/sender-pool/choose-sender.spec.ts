import { type SenderUse, chooseSender } from './choose-sender';

const POOL = ['+15005550101', '+15005550102', '+15005550103'];
const [A, B, C] = POOL;
const NONE = null;
const NOW = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);
const use = (vendorId: number, sender: string, days: number): SenderUse => ({
  vendorId,
  sender,
  lastUsedAt: daysAgo(days),
});

describe('chooseSender', () => {
  it.each<[string, SenderUse[], string | null]>([
    ['a phone nobody texted: the first number', [], A],
    ['another vendor holds the first: the next free one', [use(2, A, 1)], B],
    ['its own number, used yesterday', [use(1, B, 1), use(2, A, 1)], B],
    [
      'its own number, shared before sharing was refused: none free',
      [use(1, A, 10), use(2, B, 1), use(3, C, 1), use(4, A, 1)],
      NONE,
    ],
    ['its own number, shared before sharing was refused: a free one', [use(1, A, 10), use(4, A, 1)], B],
    ['its own number unused for 100 days, nobody else took it', [use(1, C, 100), use(2, A, 1)], C],
    ['its own number unused for 100 days and taken since: a free one', [use(1, A, 100), use(2, A, 5), use(3, B, 1)], C],
    ['free numbers: the least recently used first', [use(2, A, 1), use(3, B, 120), use(4, C, 100)], B],
    ['a number left unused 90 days by another vendor is free again', [use(2, A, 91), use(3, B, 1), use(4, C, 2)], A],
    ['every number taken by another vendor: none, never shared', [use(2, A, 3), use(3, B, 1), use(4, C, 2)], NONE],
    ['every number taken, its own kept', [use(1, B, 3), use(2, A, 1), use(3, C, 2)], B],
    ['its own number is no longer in the pool: a free one', [use(1, '+15005550999', 1), use(2, A, 1)], B],
  ])('%s', (_, uses, expected) => {
    expect(chooseSender(POOL, 1, uses, NOW)).toBe(expected);
  });

  it('a pool of one serves one vendor per phone', () => {
    expect(chooseSender([A], 1, [use(2, A, 1)], NOW)).toBeNull();
    expect(chooseSender([A], 1, [use(2, A, 91)], NOW)).toBe(A);
  });
});
