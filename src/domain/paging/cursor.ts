// The opaque cursors of every paged list: what the node hands out with a page and reads back from the
// client for the next one. Two kinds: a position (an instant in epoch microseconds and the id of the
// last row of a page: unit events, EPCIS events, the access log, webhook deliveries) and an offset
// into one answer (the EN 18222 id pages). A cursor comes back from the client, so it is read as
// hostile input: only the exact text `encode…` makes reads back, and its values stay inside what the
// store and a JS Date hold (the years 0001–9999, as for every date of a body), so that a forged one
// is refused by name instead of reaching the store as a value it cannot take.

/** The last row of a page: its instant as integer microseconds since the epoch, in decimal, and its id. */
export interface PagePosition {
  atUs: string;
  id: string;
}

/** What a cursor read to: its value, or why it is none of the node's. */
export type CursorReading<T> = { ok: true; value: T } | { ok: false; reason: string };

/** 0001-01-01T00:00:00.000000Z and 9999-12-31T23:59:59.999999Z, in microseconds since the epoch. */
export const EARLIEST_US = -62_135_596_800_000_000n;
export const LATEST_US = 253_402_300_799_999_999n;

/** Offsets an offset cursor can carry: an answer has at most this many items. */
export const MAX_CURSOR_OFFSET = 9_999_999;

// Longer than any cursor encode… makes (a position is at most 56 characters, 76 in base64url), so a
// long text is refused before it is decoded.
const MAX_CURSOR_LENGTH = 128;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MICROSECONDS = /^(?:0|-?[1-9]\d{0,17})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OFFSET = /^o:(?:0|[1-9]\d{0,6})$/;
const YEARS = 'the years 0001 to 9999';

const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

const toText = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The decoded text of a cursor, or why it cannot be one. */
function textOf(cursor: string): CursorReading<string> {
  if (cursor === '') return refused('it is empty');
  if (cursor.length > MAX_CURSOR_LENGTH) return refused('it is longer than any cursor this node hands out');
  if (!BASE64URL.test(cursor)) return refused('it is not base64url text');
  return { ok: true, value: Buffer.from(cursor, 'base64url').toString('utf8') };
}

/** Whether an instant, in microseconds since the epoch, is one a position may name. */
export const inPositionRange = (atUs: bigint) => atUs >= EARLIEST_US && atUs <= LATEST_US;

export function encodePositionCursor(position: PagePosition): string {
  if (!MICROSECONDS.test(position.atUs) || !inPositionRange(BigInt(position.atUs))) {
    throw new RangeError(`A page position is an integer number of microseconds within ${YEARS}`);
  }
  if (!UUID.test(position.id)) throw new RangeError('A page position names its row by a lower-case UUID');
  return toText(`${position.atUs}.${position.id}`);
}

/** The position a cursor names, or why it is not a position this node handed out. */
export function readPositionCursor(cursor: string): CursorReading<PagePosition> {
  const text = textOf(cursor);
  if (!text.ok) return text;
  const parts = text.value.split('.');
  const [atUs = '', id = ''] = parts;
  if (parts.length !== 2) return refused('it does not read as a page position');
  if (!MICROSECONDS.test(atUs)) return refused('its time is not a whole number of microseconds');
  if (!inPositionRange(BigInt(atUs))) return refused(`its time is outside ${YEARS}`);
  if (!UUID.test(id)) return refused('its id is not a UUID');
  // base64url decoding forgives stray characters and bits: only the spelling encode… makes counts.
  if (toText(text.value) !== cursor) return refused('it is not spelled the way this node writes it');
  return { ok: true, value: { atUs, id } };
}

/** The position of a row stamped by a JS Date (whole milliseconds). */
export const positionAt = (at: Date, id: string): PagePosition => ({
  atUs: String(BigInt(at.getTime()) * 1000n),
  id,
});

/** A position's instant as a JS Date, at the millisecond that holds it. */
export function positionDate(position: PagePosition): Date {
  const us = BigInt(position.atUs);
  const ms = us / 1000n - (us % 1000n < 0n ? 1n : 0n);
  return new Date(Number(ms));
}

export function encodeOffsetCursor(offset: number): string {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_CURSOR_OFFSET) {
    throw new RangeError('A cursor offset is an integer from 0 to MAX_CURSOR_OFFSET');
  }
  return toText(`o:${offset}`);
}

/** The offset a cursor names, or why it is not an offset this node handed out. */
export function readOffsetCursor(cursor: string): CursorReading<number> {
  const text = textOf(cursor);
  if (!text.ok) return text;
  if (!OFFSET.test(text.value)) {
    return refused(`it does not read as a position from 0 to ${MAX_CURSOR_OFFSET} in an answer`);
  }
  const offset = Number(text.value.slice(2));
  if (encodeOffsetCursor(offset) !== cursor) return refused('it is not spelled the way this node writes it');
  return { ok: true, value: offset };
}

/** The message of a refused cursor, naming the query parameter it came in. */
export const cursorRefusal = (parameter: string, reason: string) =>
  `Query parameter '${parameter}' is not a page cursor this node handed out (${reason}); ` +
  'pass the one the previous page gave, or none for the first page';
