import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_US,
  encodeOffsetCursor,
  encodePositionCursor,
  LATEST_US,
  MAX_CURSOR_OFFSET,
  positionAt,
  positionDate,
  readOffsetCursor,
  readPositionCursor,
} from './cursor.ts';

const toText = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const ID = '0b0e3d4a-8f7e-4c41-9f55-2a7c1d2e3f40';

const position = fc.record({
  atUs: fc.bigInt({ min: EARLIEST_US, max: LATEST_US }).map(String),
  id: fc.uuid(),
});

/** Text near a cursor's shape: positions with any number, offsets with any number, anything at all. */
const almostCursors = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.base64String().map((text) => text.replaceAll('+', '-').replaceAll('/', '_')),
  fc
    .tuple(fc.oneof(fc.bigInt().map(String), fc.double().map(String), fc.string()), fc.uuid())
    .map(([at, id]) => toText(`${at}.${id}`)),
  fc.oneof(fc.bigInt().map(String), fc.double().map(String), fc.string()).map((n) => toText(`o:${n}`)),
  fc.tuple(fc.string(), fc.string()).map(([at, id]) => toText(`${at}.${id}`)),
);

describe('position cursors', () => {
  it('read back every position they were made from', () => {
    fc.assert(
      fc.property(position, (value) => {
        expect(readPositionCursor(encodePositionCursor(value))).toEqual({ ok: true, value });
      }),
    );
  });

  it('read any other text to a reason, never a value out of range and never a throw', () => {
    fc.assert(
      fc.property(almostCursors, (text) => {
        const reading = readPositionCursor(text);
        if (!reading.ok) {
          expect(reading.reason).toMatch(/^it/);
          return;
        }
        expect(encodePositionCursor(reading.value)).toBe(text);
        const us = BigInt(reading.value.atUs);
        expect(us >= EARLIEST_US && us <= LATEST_US).toBe(true);
        expect(Number.isNaN(positionDate(reading.value).getTime())).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['', 'it is empty'],
    ['A'.repeat(129), 'longer than any cursor'],
    ['not a cursor!', 'not base64url'],
    [`${toText(`1.${ID}`)}==`, 'not base64url'],
    [toText(`-999999999999999999.${ID}`), 'outside the years 0001 to 9999'],
    [toText(`${EARLIEST_US - 1n}.${ID}`), 'outside the years 0001 to 9999'],
    [toText(`${LATEST_US + 1n}.${ID}`), 'outside the years 0001 to 9999'],
    [toText(`99999999999999999999.${ID}`), 'not a whole number of microseconds'],
    [toText(`NaN.${ID}`), 'not a whole number of microseconds'],
    [toText(`Infinity.${ID}`), 'not a whole number of microseconds'],
    [toText(`1e6.${ID}`), 'not a whole number of microseconds'],
    [toText(`-0.${ID}`), 'not a whole number of microseconds'],
    [toText(`01.${ID}`), 'not a whole number of microseconds'],
    [toText('1.not-a-uuid'), 'id is not a UUID'],
    [toText(`1.${ID.toUpperCase()}`), 'id is not a UUID'],
    [toText(`1.5.${ID}`), 'does not read as a page position'],
    [toText('1'), 'does not read as a page position'],
    [toText('o:1'), 'does not read as a page position'],
  ])('refuses %s: %s', (text, reason) => {
    const reading = readPositionCursor(text);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toContain(reason);
  });

  it('refuses a spelling with stray bits the decoder would forgive', () => {
    const cursor = encodePositionCursor({ atUs: '1', id: ID });
    const last = cursor.at(-1) ?? '';
    const stray = `${cursor.slice(0, -1)}${last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) + 1)}`;
    expect(Buffer.from(stray, 'base64url').toString('utf8')).toBe(`1.${ID}`);
    expect(readPositionCursor(stray)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('spelled'),
    });
  });

  it('are made only for positions in range', () => {
    expect(() => encodePositionCursor({ atUs: String(LATEST_US + 1n), id: ID })).toThrow(RangeError);
    expect(() => encodePositionCursor({ atUs: '1.5', id: ID })).toThrow(RangeError);
    expect(() => encodePositionCursor({ atUs: '1', id: 'x' })).toThrow(RangeError);
  });

  it('carry a JS Date to the microsecond and back, to the millisecond that holds a position', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        fc.uuid(),
        (at, id) => {
          const value = positionAt(at, id);
          expect(readPositionCursor(encodePositionCursor(value))).toEqual({ ok: true, value });
          expect(positionDate(value)).toEqual(at);
        },
      ),
    );
    expect(positionDate({ atUs: '-1', id: ID }).getTime()).toBe(-1);
    expect(positionDate({ atUs: '1999', id: ID }).getTime()).toBe(1);
  });
});

describe('offset cursors', () => {
  it('read back every offset they were made from', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CURSOR_OFFSET }), (offset) => {
        expect(readOffsetCursor(encodeOffsetCursor(offset))).toEqual({ ok: true, value: offset });
      }),
    );
  });

  it('read any other text to a reason, never a throw', () => {
    fc.assert(
      fc.property(almostCursors, (text) => {
        const reading = readOffsetCursor(text);
        if (!reading.ok) {
          expect(reading.reason).toMatch(/^it/);
          return;
        }
        expect(encodeOffsetCursor(reading.value)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
    for (const text of [
      '',
      'bm9wZQ',
      'bzoy=',
      'bzoy ',
      toText('o:01'),
      toText('o:-1'),
      toText('o:10000000'),
    ]) {
      expect(readOffsetCursor(text).ok, text).toBe(false);
    }
  });

  it('are made for offsets in range only', () => {
    expect(() => encodeOffsetCursor(-1)).toThrow(RangeError);
    expect(() => encodeOffsetCursor(1.5)).toThrow(RangeError);
    expect(() => encodeOffsetCursor(MAX_CURSOR_OFFSET + 1)).toThrow(RangeError);
  });
});
