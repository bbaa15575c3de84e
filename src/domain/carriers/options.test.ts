import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CarrierOptionsError, MAX_SIZE, MIN_SIZE, readImageOptions } from './options.ts';

describe('readImageOptions', () => {
  it('defaults to a 512 px PNG QR code at level M with the minimum quiet zone', () => {
    expect(readImageOptions({})).toEqual({
      symbology: 'qr',
      options: { format: 'png', size: 512, errorCorrection: 'M' },
    });
    expect(readImageOptions({}, 'svg').options.format).toBe('svg');
  });

  it('reads sizes, levels and quiet zones given as query strings or numbers', () => {
    expect(readImageOptions({ size: '128', errorCorrection: 'h', quietZone: '6', format: 'svg' })).toEqual({
      symbology: 'qr',
      options: { format: 'svg', size: 128, errorCorrection: 'H', quietZone: 6 },
    });
    expect(readImageOptions({ size: 2048, symbology: 'datamatrix', quietZone: 1 }).options).toMatchObject({
      size: 2048,
      quietZone: 1,
    });
  });

  it('accepts exactly the integer sizes from 128 to 2048', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 100_000 }), (size) => {
        const inRange = size >= MIN_SIZE && size <= MAX_SIZE;
        for (const given of [size, String(size)]) {
          if (inRange) expect(readImageOptions({ size: given }).options.size).toBe(size);
          else expect(() => readImageOptions({ size: given })).toThrow(CarrierOptionsError);
        }
      }),
    );
  });

  it('refuses anything else with a message naming the option', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ size: '512.0' }, /^size must be an integer from 128 to 2048$/],
      [{ size: ' 512' }, /^size/],
      [{ size: 512.5 }, /^size/],
      [{ size: '' }, /^size/],
      [{ format: 'gif' }, /^format must be one of png, svg$/],
      [{ symbology: 'aztec' }, /^symbology/],
      [{ errorCorrection: 'X' }, /^errorCorrection must be one of L, M, Q, H$/],
      [{ quietZone: '3' }, /^quietZone must be an integer from 4 to 16$/],
      [{ quietZone: '0', symbology: 'datamatrix' }, /^quietZone must be an integer from 1 to 16$/],
      [{ quietZone: '17' }, /^quietZone/],
    ];
    for (const [raw, message] of cases) expect(() => readImageOptions(raw)).toThrow(message);
  });
});
