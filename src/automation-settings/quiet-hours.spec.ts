import { quietHoursEndAfter, quietUntil } from './quiet-hours';

const toronto = (start: string, end: string) => ({ start, end, timeZone: 'America/Toronto' });
const at = (iso: string) => new Date(iso);

describe('quietHoursEndAfter', () => {
  it('is null outside quiet hours, the end is excluded and the start included', () => {
    const night = toronto('20:00', '09:00');
    expect(quietHoursEndAfter(at('2026-06-10T13:00:00Z'), night)).toBeNull(); // 09:00 EDT
    expect(quietHoursEndAfter(at('2026-06-10T23:59:00Z'), night)).toBeNull(); // 19:59 EDT
    expect(quietHoursEndAfter(at('2026-06-11T00:00:00Z'), night)).toEqual(at('2026-06-11T13:00:00Z')); // 20:00 EDT
  });

  it('defers an evening time across midnight to the end on the next day, and a small-hours time to the same day', () => {
    const night = toronto('20:00', '09:00');
    expect(quietHoursEndAfter(at('2026-06-11T03:30:00Z'), night)).toEqual(at('2026-06-11T13:00:00Z')); // 23:30 EDT
    expect(quietHoursEndAfter(at('2026-06-11T06:00:00Z'), night)).toEqual(at('2026-06-11T13:00:00Z')); // 02:00 EDT
  });

  it('reads quiet hours that do not span midnight as the same day', () => {
    const day = toronto('09:00', '20:00');
    expect(quietHoursEndAfter(at('2026-06-10T14:00:00Z'), day)).toEqual(at('2026-06-11T00:00:00Z')); // 10:00 -> 20:00 EDT
    expect(quietHoursEndAfter(at('2026-06-11T01:00:00Z'), day)).toBeNull(); // 21:00 EDT
  });

  it('ends at the local time on the day clocks fall back (EDT evening, EST morning)', () => {
    // 2026-11-01 02:00 EDT becomes 01:00 EST: 22:00 EDT on Oct 31 waits for 09:00 EST = 14:00Z.
    expect(quietHoursEndAfter(at('2026-11-01T02:00:00Z'), toronto('20:00', '09:00'))).toEqual(
      at('2026-11-01T14:00:00Z'),
    );
  });

  it('ends at the local time on the day clocks spring forward (EST evening, EDT morning)', () => {
    // 2027-03-14 02:00 EST becomes 03:00 EDT: 22:00 EST on Mar 13 waits for 09:00 EDT = 13:00Z.
    expect(quietHoursEndAfter(at('2027-03-14T03:00:00Z'), toronto('20:00', '09:00'))).toEqual(
      at('2027-03-14T13:00:00Z'),
    );
  });

  it('resolves an end inside the spring-forward gap to just after it', () => {
    // Quiet 01:00-02:30 on 2027-03-14: 02:30 EST never happens; clocks read 03:00 EDT at 07:00Z.
    const end = quietHoursEndAfter(at('2027-03-14T06:30:00Z'), toronto('01:00', '02:30'))!; // 01:30 EST
    expect(end.getTime()).toBeGreaterThan(at('2027-03-14T06:30:00Z').getTime());
    expect(end.getTime()).toBeLessThanOrEqual(at('2027-03-14T07:30:00Z').getTime());
  });

  it('uses the zone of the settings, across a month end', () => {
    const tokyo = { start: '21:00', end: '08:00', timeZone: 'Asia/Tokyo' };
    // 2026-01-31 22:00 JST -> 2026-02-01 08:00 JST = 2026-01-31T23:00Z.
    expect(quietHoursEndAfter(at('2026-01-31T13:00:00Z'), tokyo)).toEqual(at('2026-01-31T23:00:00Z'));
  });
});

describe('quietUntil', () => {
  const settings = { quietHoursStart: '20:00', quietHoursEnd: '09:00', timeZone: 'America/Toronto' };

  it("reads the vendor's bounds in the vendor's zone, not UTC's", () => {
    // 17:00 EDT, when UTC's clocks already show 21:00: not quiet in Toronto.
    expect(quietUntil(settings, at('2026-06-10T21:00:00Z'))).toBeNull();
    // 20:30 EDT, when UTC's show 00:30: quiet until 09:00 EDT, not 09:00 UTC.
    expect(quietUntil(settings, at('2026-06-11T00:30:00Z'))).toEqual(at('2026-06-11T13:00:00Z'));
    // Vancouver's 20:30 is 03:30 UTC: quiet until 09:00 PDT.
    expect(quietUntil({ ...settings, timeZone: 'America/Vancouver' }, at('2026-06-11T03:30:00Z'))).toEqual(
      at('2026-06-11T16:00:00Z'),
    );
  });

  it('is null without both bounds', () => {
    expect(quietUntil({ ...settings, quietHoursStart: null }, at('2026-06-11T00:30:00Z'))).toBeNull();
    expect(quietUntil({ ...settings, quietHoursEnd: null }, at('2026-06-11T00:30:00Z'))).toBeNull();
  });
});
