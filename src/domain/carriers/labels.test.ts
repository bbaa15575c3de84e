import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarrierSubject } from './content.ts';
import { hriLines, layoutLabel, moduleRuns, prepareLabel, readLabelOptions, wrap } from './labels.ts';
import { MIN_QUIET_ZONE } from './options.ts';

const BASE = 'https://dpp.example.test';
const subject = (overrides: Partial<CarrierSubject> = {}): CarrierSubject => ({
  kind: 'passport',
  id: 'p-1',
  digitalLink: `${BASE}/01/04006381333931`,
  nodeUrl: `${BASE}/passport/p-1`,
  productIdScheme: 'GTIN',
  productId: '04006381333931',
  category: 'textiles',
  ...overrides,
});
const sku = { digitalLink: null, productIdScheme: 'SKU', productId: 'SKU-1' };

describe('readLabelOptions', () => {
  it('defaults to SVG and PDF, the QR code at level M, 0.5 mm modules', () => {
    expect(readLabelOptions({})).toEqual({
      formats: ['svg', 'pdf'],
      symbologies: ['qr'],
      errorCorrection: 'M',
      moduleMm: 0.5,
    });
  });

  it('drops repeats and refuses what it does not know', () => {
    expect(readLabelOptions({ formats: ['pdf', 'pdf'], symbologies: ['datamatrix', 'qr'] })).toMatchObject({
      formats: ['pdf'],
      symbologies: ['datamatrix', 'qr'],
    });
    for (const raw of [
      { formats: [] },
      { formats: 'svg' },
      { formats: ['png'] },
      { symbologies: ['aztec'] },
      { errorCorrection: 'Z' },
      { moduleSizeMm: 0.2 },
      { moduleSizeMm: 2.5 },
      { moduleSizeMm: '0.5' },
    ]) {
      expect(() => readLabelOptions(raw as never), JSON.stringify(raw)).toThrow();
    }
  });
});

describe('prepareLabel', () => {
  const options = readLabelOptions({ symbologies: ['datamatrix'] });

  it('draws what was asked for a GS1 product', () => {
    expect(prepareLabel(subject(), options).symbols.map((s) => s.symbology)).toEqual(['datamatrix']);
  });

  it('always gives a battery its QR code, first', () => {
    const battery = prepareLabel(subject({ category: 'batteries' }), options);
    expect(battery.symbols.map((s) => s.symbology)).toEqual(['qr', 'datamatrix']);
    const unit = prepareLabel(subject({ kind: 'unit', serialNumber: 'A' }), options);
    expect(unit.symbols.map((s) => s.symbology)).toEqual(['qr', 'datamatrix']);
  });

  it('leaves out a Data Matrix it cannot draw, warns at the path, and never leaves a label blank', () => {
    const label = prepareLabel(subject(sku), options, '/passports/3');
    expect(label.symbols.map((s) => s.symbology)).toEqual(['qr']);
    expect(label.warnings).toEqual([
      expect.objectContaining({ code: 'CARRIER_SYMBOLOGY_NOT_RENDERED', path: '/passports/3' }),
    ]);
    const both = prepareLabel(subject(sku), readLabelOptions({ symbologies: ['qr', 'datamatrix'] }));
    expect(both.symbols.map((s) => s.symbology)).toEqual(['qr']);
    expect(both.warnings).toHaveLength(1);
  });
});

describe('wrap', () => {
  it('keeps every line within the columns and loses no character but the spaces it breaks at', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 4, max: 60 }), (text, columns) => {
        const lines = wrap(text, columns);
        for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
        expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
      }),
    );
  });

  it('ends a cut text with an ellipsis on its last allowed line', () => {
    expect(wrap('aaaa bbbb cccc dddd eeee', 9, 2)).toEqual(['aaaa bbbb', 'cccc ddd…']);
    expect(wrap('aaaa bbbb cccc dddd', 9, 2)).toEqual(['aaaa bbbb', 'cccc dddd']);
  });

  it('breaks a link after a slash', () => {
    expect(wrap('https://dpp.example.test/01/04006381333931', 30)).toEqual([
      'https://dpp.example.test/01/',
      '04006381333931',
    ]);
  });
});

describe('hriLines', () => {
  it('breaks between element strings before breaking inside one', () => {
    expect(hriLines('(01) 04006381333931 (21) SN-42', 40)).toEqual(['(01) 04006381333931 (21) SN-42']);
    expect(hriLines('(01) 04006381333931 (21) SN-42', 25)).toEqual(['(01) 04006381333931', '(21) SN-42']);
  });
});

describe('layoutLabel', () => {
  it('places the symbols, with their quiet zones, side by side inside the label, text below', () => {
    for (const moduleMm of [0.25, 0.5, 1, 2]) {
      const options = readLabelOptions({ symbologies: ['qr', 'datamatrix'], moduleSizeMm: moduleMm });
      const layout = layoutLabel(prepareLabel(subject(), options), moduleMm);
      const [qr, matrix] = layout.symbols as [(typeof layout.symbols)[0], (typeof layout.symbols)[0]];
      const qrEnd = qr.x + (qr.matrix.size + MIN_QUIET_ZONE.qr) * moduleMm;
      expect(qr.x - MIN_QUIET_ZONE.qr * moduleMm).toBeGreaterThan(0);
      expect(matrix.x - MIN_QUIET_ZONE.datamatrix * moduleMm).toBeGreaterThan(qrEnd);
      expect(matrix.x + (matrix.matrix.size + 1) * moduleMm).toBeLessThan(layout.width);
      const runs = layout.symbols.flatMap(moduleRuns);
      expect(Math.max(...runs.map((run) => run.y + run.height))).toBeLessThan(
        Math.min(...layout.lines.filter((line) => line.font === 'mono').map((line) => line.y - line.size)),
      );
      for (const line of layout.lines) {
        expect(line.x + Array.from(line.text).length * line.size * 0.6).toBeLessThanOrEqual(
          layout.width - line.x + 1e-9,
        );
        expect(line.y).toBeLessThan(layout.height);
      }
    }
  });
});
