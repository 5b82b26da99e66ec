import { isCalendarDate } from './is-calendar-date.decorator';

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '1900-01-01', '9999-12-31', '2026-12-31'])('accepts %s', (date) =>
    expect(isCalendarDate(date)).toBe(true),
  );

  it.each([
    '2026-02-29', // not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '1899-12-31',
    '0099-01-01',
    '2026-1-5',
    '20260105',
    '2026-01-05T00:00:00Z',
    ' 2026-01-05',
    '',
    20260105,
    null,
  ])('refuses %p', (date) => expect(isCalendarDate(date)).toBe(false));
});
