/** Dates are YYYY-MM-DD strings, which compare correctly as text. */
export interface DocumentDates {
  dateReceived: string | null;
  expiryDate: string | null;
}

/** The calendar day (YYYY-MM-DD) that `at` falls on in the time zone. */
export function calendarDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Valid: received, and either without expiry or expiring today or later. */
export function isDocumentValid({ dateReceived, expiryDate }: DocumentDates, today: string): boolean {
  return dateReceived !== null && (expiryDate === null || expiryDate >= today);
}
