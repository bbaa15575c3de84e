import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDeliveryCursor, encodeDeliveryCursor } from './cursor.ts';

describe('the delivery log cursor', () => {
  it('gives back the position it was made from', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date(8.64e15), noInvalidDate: true }),
        fc.uuid(),
        (at, id) => {
          expect(decodeDeliveryCursor(encodeDeliveryCursor({ attemptedAt: at, id }))).toEqual({
            attemptedAt: at,
            id,
          });
        },
      ),
    );
  });

  it('answers null, never throws, for anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const position = decodeDeliveryCursor(text);
        if (position !== null) expect(encodeDeliveryCursor(position)).toBe(text);
      }),
    );
    expect(decodeDeliveryCursor('')).toBeNull();
    expect(decodeDeliveryCursor('bm90LWEtY3Vyc29y')).toBeNull();
  });
});
