import { describe, expect, it } from 'vitest';
import type { CarrierSubject } from './content.ts';
import { prepareLabel, readLabelOptions } from './labels.ts';

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
