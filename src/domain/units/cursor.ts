// The opaque cursor of the event list: the position (recorded_at in epoch microseconds, id) of the
// last event of a page. Microseconds, not a JS Date, so a page boundary never falls between two
// events a millisecond could not tell apart.

export interface EventPosition {
  /** recorded_at as integer microseconds since the epoch, in decimal. */
  recordedUs: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROS = /^-?\d{1,18}$/;

export function encodeCursor(position: EventPosition): string {
  return Buffer.from(`${position.recordedUs}.${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null for anything this service did not hand out. */
export function decodeCursor(cursor: string): EventPosition | null {
  if (cursor.length > 128 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const [recordedUs = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !MICROS.test(recordedUs) || !UUID.test(id)) return null;
  return { recordedUs, id };
}
