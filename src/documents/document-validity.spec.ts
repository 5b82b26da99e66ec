import { calendarDay, isDocumentValid } from './document-validity';

describe('calendarDay', () => {
  const at = new Date('2026-11-22T03:30:00Z');

  it('is the date in the given time zone, not in UTC', () => {
    expect(calendarDay(at, 'UTC')).toBe('2026-11-22');
    expect(calendarDay(at, 'America/Toronto')).toBe('2026-11-21'); // 22:30 the evening before
    expect(calendarDay(at, 'America/Vancouver')).toBe('2026-11-21');
    expect(calendarDay(new Date('2026-01-05T12:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-05');
  });
});

describe('isDocumentValid', () => {
  const today = '2026-11-21';

  it.each([
    [{ dateReceived: '2026-01-01', expiryDate: null }, true],
    [{ dateReceived: '2026-01-01', expiryDate: '2026-11-21' }, true],
    [{ dateReceived: '2026-01-01', expiryDate: '2027-01-01' }, true],
    [{ dateReceived: '2026-01-01', expiryDate: '2026-11-20' }, false],
    [{ dateReceived: null, expiryDate: '2030-01-01' }, false],
    [{ dateReceived: null, expiryDate: null }, false],
  ])('%j is valid: %s', (dates, valid) => expect(isDocumentValid(dates, today)).toBe(valid));
});
