import { MemoryHitLog } from './memory-hit-log';

describe('MemoryHitLog', () => {
  const WINDOW = 10_000;

  it('admits exactly limit requests in a window and says when the next will be admitted', () => {
    const log = new MemoryHitLog();
    expect(log.hit('a', 3, WINDOW, 1_000)).toEqual({ admitted: true, count: 1, msUntilSlotFrees: 10_000 });
    expect(log.hit('a', 3, WINDOW, 2_000)).toEqual({ admitted: true, count: 2, msUntilSlotFrees: 9_000 });
    expect(log.hit('a', 3, WINDOW, 4_000)).toEqual({ admitted: true, count: 3, msUntilSlotFrees: 7_000 });
    expect(log.hit('a', 3, WINDOW, 5_000)).toEqual({ admitted: false, count: 3, msUntilSlotFrees: 6_000 });
  });

  it('slides: each counted request frees its slot exactly one window after it, one at a time', () => {
    const log = new MemoryHitLog();
    log.hit('a', 2, WINDOW, 0);
    log.hit('a', 2, WINDOW, 4_000);
    expect(log.hit('a', 2, WINDOW, 9_999).admitted).toBe(false);
    // The first leaves at 10 000 ms; the second is still counted, so only one slot opens.
    expect(log.hit('a', 2, WINDOW, 10_000)).toEqual({ admitted: true, count: 2, msUntilSlotFrees: 4_000 });
    expect(log.hit('a', 2, WINDOW, 10_001)).toEqual({ admitted: false, count: 2, msUntilSlotFrees: 3_999 });
  });

  it('does not count refused requests, so retrying while limited does not delay the reopening', () => {
    const log = new MemoryHitLog();
    log.hit('a', 1, WINDOW, 0);
    for (let t = 1; t < WINDOW; t += 1_000) expect(log.hit('a', 1, WINDOW, t).admitted).toBe(false);
    expect(log.hit('a', 1, WINDOW, WINDOW).admitted).toBe(true);
  });

  it('keeps one budget per key', () => {
    const log = new MemoryHitLog();
    expect(log.hit('a', 1, WINDOW, 0).admitted).toBe(true);
    expect(log.hit('a', 1, WINDOW, 1).admitted).toBe(false);
    expect(log.hit('b', 1, WINDOW, 1).admitted).toBe(true);
  });

  it('forgets a key once its last request has left the window', () => {
    const log = new MemoryHitLog();
    log.hit('idle', 5, WINDOW, 0);
    log.hit('busy', 5, WINDOW, 0);
    log.hit('busy', 5, WINDOW, 8_000);
    log.sweep(9_999);
    expect(log.size).toBe(2);
    log.sweep(10_000);
    expect(log.size).toBe(1);
    log.sweep(18_000);
    expect(log.size).toBe(0);
  });

  it('hands over what it counted, as ages still in the window, and forgets it', () => {
    const log = new MemoryHitLog();
    log.hit('a', 5, WINDOW, 0, 'first');
    log.hit('a', 5, WINDOW, 3_000, 'second');
    log.hit('b', 5, 2_000, 3_000);
    expect(log.drain(11_000)).toEqual([{ key: 'a', windowMs: WINDOW, ages: [8_000], members: ['second'] }]);
    expect(log.size).toBe(0);
    expect(log.hit('a', 5, WINDOW, 11_000).count).toBe(1);
  });

  it('takes back what it handed over beside what it counted since, and refuses until enough have left', () => {
    const log = new MemoryHitLog();
    log.hit('a', 2, WINDOW, 0, 'first');
    log.hit('a', 2, WINDOW, 1_000, 'second');
    const counted = log.drain(2_000);
    log.hit('a', 2, WINDOW, 2_000, 'meanwhile');
    log.restore(counted, 2_000);
    // Three counted against a limit of two: one slot frees only when the two oldest have left.
    expect(log.hit('a', 2, WINDOW, 2_500)).toEqual({ admitted: false, count: 3, msUntilSlotFrees: 8_500 });
    expect(log.hit('a', 2, WINDOW, 11_000, 'later')).toEqual({ admitted: true, count: 2, msUntilSlotFrees: 1_000 });
    expect(log.drain(11_000)).toEqual([
      { key: 'a', windowMs: WINDOW, ages: [9_000, 0], members: ['meanwhile', 'later'] },
    ]);
  });
});
