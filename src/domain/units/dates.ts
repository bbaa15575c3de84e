// Dates from request bodies: "Date-parseable", within the years a PostgreSQL timestamp and an ISO 8601
// string both hold (0001–9999), so that a parseable but absurd year is a 400 and never a store error.

const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** The instant a body value names, or null when it is not a parseable date string. */
export function parseBodyDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST) return null;
  return new Date(time);
}
