/** A vendor's quiet hours: `HH:MM` bounds read in its IANA time zone. */
export interface QuietHours {
  start: string;
  end: string;
  timeZone: string;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date and time of day (in minutes) the zone's clocks show at an instant. */
function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, minutes: parts.hour * 60 + parts.minute };
}

/** How far the zone's clocks are ahead of UTC at an instant (minutes precision is all quiet hours need). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  return (
    Date.UTC(wall.year, wall.month - 1, wall.day) +
    wall.minutes * MINUTE_MS -
    Math.floor(instant / MINUTE_MS) * MINUTE_MS
  );
}

/**
 * The instant the zone's clocks show this wall time. The offset is read twice, the second time at the
 * first guess, so a DST change between UTC midnight and the wall time is taken into account. A wall
 * time skipped by a spring-forward change resolves to the instant just after the gap.
 */
function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS;
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(guess, timeZone));
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When the quiet hours around `instant` end, or null when `instant` is outside them. Quiet hours run
 * from `start` (included) to `end` (excluded); when `end` is earlier than `start` they span midnight.
 */
export function quietHoursEndAfter(instant: Date, quiet: QuietHours): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const now = wallTimeAt(instant.getTime(), quiet.timeZone);
  const spansMidnight = end < start;
  const quietNow = spansMidnight
    ? now.minutes >= start || now.minutes < end
    : now.minutes >= start && now.minutes < end;
  if (!quietNow) return null;
  // Quiet since the evening: they end on the next calendar day. Date.UTC carries day 32 into the next month.
  const endsTomorrow = spansMidnight && now.minutes >= start;
  const day = new Date(Date.UTC(now.year, now.month - 1, now.day + (endsTomorrow ? 1 : 0)));
  const endsAt = instantOf(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), minutes: end },
    quiet.timeZone,
  );
  // Never earlier than asked: a fall-back repeat of the hour must not move a reminder backwards.
  return endsAt.getTime() > instant.getTime() ? endsAt : new Date(instant.getTime() + MINUTE_MS);
}

/** When the vendor's quiet hours around `instant` end, or null when it may write to customers then. */
export function quietUntil(
  settings: { quietHoursStart: string | null; quietHoursEnd: string | null; timeZone: string },
  instant: Date,
): Date | null {
  const { quietHoursStart: start, quietHoursEnd: end, timeZone } = settings;
  return start && end ? quietHoursEndAfter(instant, { start, end, timeZone }) : null;
}
