import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { readZip } from '../../../test/helpers/carriers.ts';
import { csvField, labelArchive, manifestCsv } from './archive.ts';
import type { CarrierSubject } from './content.ts';
import { type PreparedLabel, prepareLabel, readLabelOptions } from './labels.ts';

const BASE = 'https://dpp.example.test';
const subject = (index: number): CarrierSubject => ({
  kind: 'passport',
  id: `p-${index}`,
  digitalLink: `${BASE}/01/04006381333931`,
  nodeUrl: `${BASE}/passport/p-${index}`,
  productIdScheme: 'GTIN',
  productId: '04006381333931',
  category: 'textiles',
  metadata: { productInformation: { productName: `Shirt, size "${index}"` } },
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and disarms spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('labelArchive', () => {
  const options = readLabelOptions({ formats: ['svg'] });

  it('lists every file in manifest.csv, first, and adds warnings.json only when there are warnings', async () => {
    const labels = [prepareLabel(subject(1), options), prepareLabel(subject(2), options)];
    const read = async (warnings: unknown[]) =>
      readZip(
        Buffer.concat(await labelArchive({ labels, options, warnings, createdAt: new Date() }).toArray()),
      );
    const plain = await read([]);
    expect([...plain.keys()]).toEqual(['manifest.csv', 'passport-p-1.svg', 'passport-p-2.svg']);
    expect((plain.get('manifest.csv') as Buffer).toString('utf8')).toBe(manifestCsv(labels, options));
    expect(manifestCsv(labels, options).split('\r\n')[1]).toBe(
      `passport-p-1.svg,passport,p-1,04006381333931,,QR Code,${BASE}/01/04006381333931,(01) 04006381333931,"Shirt, size ""1"""`,
    );
    const warned = await read([{ code: 'CARRIER_SYMBOLOGY_NOT_RENDERED' }]);
    expect([...warned.keys()].slice(0, 2)).toEqual(['manifest.csv', 'warnings.json']);
  });

  it('draws 200 labels one at a time, as the reader takes them', async () => {
    // A label's modules are read only when it is drawn: the probe records which labels were.
    const drawn = new Set<number>();
    const probe = (label: PreparedLabel, index: number): PreparedLabel => ({
      ...label,
      symbols: label.symbols.map(({ symbology, matrix }) => ({
        symbology,
        matrix: {
          size: matrix.size,
          get dark() {
            drawn.add(index);
            return matrix.dark;
          },
        },
      })),
    });
    const labels = Array.from({ length: 200 }, (_, index) =>
      probe(prepareLabel(subject(index), options), index),
    );
    const archive = labelArchive({ labels, options, warnings: [], createdAt: new Date() });
    // Let the streams fill their buffers: wait for the first label, then until no more are drawn
    // for many turns of the event loop (no clock: a loaded machine only makes this slower).
    await vi.waitFor(() => expect(drawn.size).toBeGreaterThan(0), { timeout: 30_000 });
    for (let quiet = 0, last = -1; quiet < 50; quiet = drawn.size === last ? quiet + 1 : 0) {
      last = drawn.size;
      await setImmediatePromise();
    }
    // Nobody reads: only what fits the streams' buffers has been drawn, however long the batch
    // (tens of labels: the default stream buffer is 16 KiB on Node 20 and 64 KiB from Node 22 on).
    expect(drawn.size).toBeGreaterThan(0);
    expect(drawn.size).toBeLessThan(100);
    const entries = readZip(Buffer.concat(await archive.toArray()));
    expect(drawn.size).toBe(200);
    expect(entries.size).toBe(201);
  });
});
