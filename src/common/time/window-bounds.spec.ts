import { DomainError } from '../errors/domain-error';
import { parseBound, queryWindow } from './window-bounds';

describe('parseBound', () => {
  it('takes a date as its whole UTC day', () => {
    expect(parseBound('2026-03-31', 'from')).toEqual(new Date('2026-03-31T00:00:00.000Z'));
    expect(parseBound('2026-03-31', 'to')).toEqual(new Date('2026-04-01T00:00:00.000Z'));
    expect(parseBound('2024-02-29', 'from')).toEqual(new Date('2024-02-29T00:00:00.000Z'));
    expect(parseBound('0050-01-01', 'from')).toEqual(new Date('0050-01-01T00:00:00.000Z'));
    expect(parseBound('9999-12-31', 'to')?.getUTCFullYear()).toBe(10000);
  });

  it('takes a date-time to the millisecond, UTC when it has no zone, to inclusive', () => {
    expect(parseBound('2026-03-31T10:15', 'from')).toEqual(new Date('2026-03-31T10:15:00.000Z'));
    expect(parseBound('2026-03-31T10:15:30.250+02:00', 'from')).toEqual(new Date('2026-03-31T08:15:30.250Z'));
    expect(parseBound('2026-03-31T10:15:30Z', 'to')).toEqual(new Date('2026-03-31T10:15:30.001Z'));
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-03-31T24:00',
    '2026-03-31T10:60',
    '0000-01-01',
  ])('refuses the impossible %s', (value) => {
    expect(parseBound(value, 'from')).toBeNull();
  });
});

describe('queryWindow', () => {
  it('leaves absent bounds open', () => {
    expect(queryWindow()).toEqual({ from: null, until: null });
    expect(queryWindow(undefined, '2026-01-01')).toEqual({ from: null, until: new Date('2026-01-02T00:00:00Z') });
  });

  it('admits a single day (from = to)', () => {
    expect(queryWindow('2026-01-01', '2026-01-01')).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      until: new Date('2026-01-02T00:00:00Z'),
    });
  });

  it('refuses from after to, and impossible dates naming the field', () => {
    expect(() => queryWindow('2026-02-01', '2026-01-31')).toThrow('Invalid request: from must not be after to.');
    const error = (() => {
      try {
        queryWindow('2026-02-30', '2026-02-31');
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(error?.details?.map((d) => d.field)).toEqual(['from', 'to']);
  });
});
