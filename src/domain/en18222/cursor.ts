// The cursor of ReadDPPIdsByProductIds: the position of the next page in the answer, opaque to the
// client. Only a cursor this API gave reads back; anything else is refused rather than guessed at.

/** Positions a cursor can carry: an answer has at most this many items. */
export const MAX_CURSOR_OFFSET = 9_999_999;

export function encodeCursor(offset: number): string {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_CURSOR_OFFSET) {
    throw new RangeError('A cursor offset is an integer from 0 to MAX_CURSOR_OFFSET');
  }
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64url');
}

/** The offset a cursor names, or null when the text is not a cursor `encodeCursor` made. */
export function decodeCursor(cursor: string): number | null {
  const match = /^o:(0|[1-9]\d{0,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const offset = Number(match[1]);
  // base64url decoding forgives stray characters and padding: only the canonical spelling counts.
  return encodeCursor(offset) === cursor ? offset : null;
}
