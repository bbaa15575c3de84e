import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarrierSubject } from './content.ts';
import { hriLines, layoutLabel, moduleRuns, wrap } from './label-layout.ts';
import { prepareLabel, readLabelOptions } from './labels.ts';
import { MIN_QUIET_ZONE } from './options.ts';

const subject: CarrierSubject = {
  kind: 'passport',
  id: 'p-1',
  digitalLink: 'https://dpp.example.test/01/04006381333931',
  nodeUrl: 'https://dpp.example.test/passport/p-1',
  productIdScheme: 'GTIN',
  productId: '04006381333931',
  category: 'textiles',
};

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

  it('keeps a word that ends exactly at the edge on its line', () => {
    expect(wrap('VoltCell LFP 48V 100Ah industrial', 22)).toEqual(['VoltCell LFP 48V 100Ah', 'industrial']);
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
      const layout = layoutLabel(prepareLabel(subject, options), moduleMm);
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
