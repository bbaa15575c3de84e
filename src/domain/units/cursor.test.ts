import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('event list cursor', () => {
  it('round-trips every position', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.uuid(), (us, id) => {
        const position = { recordedUs: us.toString(), id };
        return JSON.stringify(decodeCursor(encodeCursor(position))) === JSON.stringify(position);
      }),
    );
  });

  it('refuses what it did not hand out', () => {
    for (const cursor of ['', '!!', 'abc', Buffer.from('1.x').toString('base64url'), 'A'.repeat(200)]) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
    const extra = Buffer.from('1.00000000-0000-4000-8000-000000000000.2').toString('base64url');
    expect(decodeCursor(extra)).toBeNull();
  });
});
