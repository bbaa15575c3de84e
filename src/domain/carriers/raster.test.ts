import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { ModuleMatrix } from './matrix.ts';
import { CarrierOptionsError } from './options.ts';
import { matrixPng, matrixSvg, modulePath, place } from './raster.ts';

const matrixOf = (rows: string[]): ModuleMatrix => ({
  size: rows.length,
  dark: Uint8Array.from(rows.join(''), (char) => (char === '#' ? 1 : 0)),
});

describe('place', () => {
  it('gives whole-pixel modules, as large as fit, and never less quiet zone than asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 128, max: 2048 }),
        fc.integer({ min: 10, max: 120 }),
        fc.integer({ min: 1, max: 16 }),
        (size, modules, quietZone) => {
          const extent = modules + 2 * quietZone;
          fc.pre(extent <= size);
          const { module, offset } = place({ size: modules, dark: new Uint8Array() }, quietZone, size);
          expect(Number.isInteger(module) && module >= 1).toBe(true);
          expect((module + 1) * extent).toBeGreaterThan(size);
          expect(offset).toBeGreaterThanOrEqual(quietZone * module);
          expect(size - offset - modules * module).toBeGreaterThanOrEqual(quietZone * module);
          // The leftover pixels are split evenly: the two margins differ by at most one pixel.
          expect(Math.abs(size - offset - modules * module - offset)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('refuses a size too small for the symbol and its quiet zone', () => {
    expect(() => place({ size: 177, dark: new Uint8Array() }, 4, 128)).toThrow(CarrierOptionsError);
    expect(() => place({ size: 177, dark: new Uint8Array() }, 4, 128)).toThrow(/at least 185/);
  });
});

describe('drawing', () => {
  const matrix = matrixOf(['##.', '.#.', '#.#']);

  it('writes a greyscale PNG of exactly the size, black modules on white', () => {
    const placement = place(matrix, 4, 130);
    const png = PNG.sync.read(matrixPng(matrix, placement));
    expect([png.width, png.height]).toEqual([130, 130]);
    const pixel = (x: number, y: number) => png.data[(y * 130 + x) * 4];
    const { module, offset } = placement;
    for (let row = 0; row < 3; row++) {
      for (let column = 0; column < 3; column++) {
        const x = offset + column * module + Math.floor(module / 2);
        const y = offset + row * module + Math.floor(module / 2);
        expect(pixel(x, y), `${row},${column}`).toBe(matrix.dark[row * 3 + column] ? 0 : 255);
      }
    }
    expect(pixel(0, 0)).toBe(255);
    expect(pixel(offset - 1, offset)).toBe(255);
  });

  it('draws runs of dark modules as one rectangle each', () => {
    expect(modulePath(matrix, { module: 2, offset: 10 })).toBe(
      'M10 10h4v2h-4zM12 12h2v2h-2zM10 14h2v2h-2zM14 14h2v2h-2z',
    );
  });

  it('writes an SVG of the size with its text as an escaped title', () => {
    const svg = matrixSvg(matrix, place(matrix, 4, 128), 'https://x.test/?a=1&b=<2>\u0007');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="128" height="128" viewBox="0 0 128 128"/,
    );
    expect(svg).toContain('<title>https://x.test/?a=1&amp;b=&lt;2&gt;</title>');
  });
});
