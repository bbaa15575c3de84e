import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, MAX_CURSOR_OFFSET } from './cursor.ts';

describe('page cursors', () => {
  it('read back the offset they were made from', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CURSOR_OFFSET }), (offset) => {
        expect(decodeCursor(encodeCursor(offset))).toBe(offset);
      }),
    );
  });

  it('refuse any text that is not a cursor this API made', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const offset = decodeCursor(text);
        if (offset !== null) expect(encodeCursor(offset)).toBe(text);
      }),
    );
    for (const text of ['', 'bm9wZQ', 'bzoy=', 'bzoy ', Buffer.from('o:01').toString('base64url')]) {
      expect(decodeCursor(text), text).toBeNull();
    }
  });

  it('are made for offsets in range only', () => {
    expect(() => encodeCursor(-1)).toThrow(RangeError);
    expect(() => encodeCursor(1.5)).toThrow(RangeError);
    expect(() => encodeCursor(MAX_CURSOR_OFFSET + 1)).toThrow(RangeError);
  });
});
