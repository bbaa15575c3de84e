import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeOffsetCursor, encodePositionCursor } from '../domain/paging/cursor.ts';
import { AppError } from './errors.ts';
import { offsetParameter, positionParameter } from './page-cursor.ts';

const toText = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Whatever a reader does with the text: its value, or the 400 it throws (and nothing else). */
function outcome<T>(read: () => T): { value: T } | { refusal: AppError } {
  try {
    return { value: read() };
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { refusal: error as AppError };
  }
}

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc
    .tuple(fc.oneof(fc.bigInt().map(String), fc.double().map(String)), fc.uuid())
    .map(([at, id]) => toText(`${at}.${id}`)),
  fc.oneof(fc.bigInt(), fc.double()).map((n) => toText(`o:${n}`)),
);

describe('cursor query parameters', () => {
  it('are the first page when absent or empty', () => {
    expect(positionParameter('cursor', undefined)).toBeNull();
    expect(positionParameter('cursor', '')).toBeNull();
    expect(offsetParameter('cursor', undefined)).toBe(0);
    expect(offsetParameter('cursor', '')).toBe(0);
  });

  it('read any text to its value or to a 400 BAD_REQUEST naming the parameter, and throw nothing else', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('cursor', 'nextPageToken'), (text, parameter) => {
        const readers: [() => unknown, (value: never) => string][] = [
          [() => positionParameter(parameter, text), encodePositionCursor],
          [() => offsetParameter(parameter, text), encodeOffsetCursor],
        ];
        for (const [read, encode] of readers) {
          const result = outcome(read);
          if ('refusal' in result) {
            expect(result.refusal.status).toBe(400);
            expect(result.refusal.code).toBe('BAD_REQUEST');
            expect(result.refusal.message).toContain(`Query parameter '${parameter}'`);
          } else if (text !== '') {
            expect(encode(result.value as never)).toBe(text);
          }
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('say why a cursor is refused', () => {
    const refusal = outcome(() =>
      positionParameter('cursor', toText('-999999999999999999.0b0e3d4a-8f7e-4c41-9f55-2a7c1d2e3f40')),
    );
    expect(refusal).toMatchObject({
      refusal: { message: expect.stringContaining('outside the years 0001 to 9999') },
    });
  });
});
