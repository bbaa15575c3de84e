import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ScanFinding, type SheetBounds, xmlPartScan } from './xlsx-scan.ts';

const bounds: SheetBounds = { columns: 30, rows: 201, cellBytes: 64 };

/** The scan's first finding for `xml` cut into chunks at `cuts` (offsets), as inflation hands them. */
function scanned(xml: string, cuts: number[] = [], worksheet = true): ScanFinding | null {
  const bytes = Buffer.from(xml);
  const scan = xmlPartScan(bounds, worksheet);
  const offsets = [...new Set([0, ...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length])].sort(
    (a, b) => a - b,
  );
  for (let at = 1; at < offsets.length; at++) {
    const found = scan.push(bytes.subarray(offsets[at - 1], offsets[at]));
    if (found) return found;
  }
  return scan.end();
}

const sheet = (inside: string) =>
  `<?xml version="1.0"?><worksheet xmlns="x" xmlns:r="y"><sheetData>${inside}</sheetData></worksheet>`;

describe('the scan of an XLSX part', () => {
  it('passes a sheet within its bounds', () => {
    expect(
      scanned(sheet('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="AD201"><v>1</v></c></row>')),
    ).toBeNull();
  });

  it('finds a cell, a dimension, a merged range or a selection beyond the bounds', () => {
    expect(scanned(sheet('<row r="1"><c r="XFD1"><v>1</v></c></row>'))).toEqual({
      kind: 'beyond',
      cell: 'XFD1',
    });
    expect(scanned(`<worksheet><dimension ref="A1:XFD1000"/></worksheet>`)).toEqual({
      kind: 'beyond',
      cell: 'XFD1000',
    });
    expect(scanned(`<worksheet><mergeCells><mergeCell ref='A1:A1048576'/></mergeCells></worksheet>`)).toEqual(
      {
        kind: 'beyond',
        cell: 'A1048576',
      },
    );
    expect(scanned(`<worksheet><selection sqref="A1 $B$2:$AE$3"/></worksheet>`)).toEqual({
      kind: 'beyond',
      cell: 'AE3',
    });
    // A row element's own number is not a cell; another vocabulary's `r:` attributes are not either.
    expect(scanned(sheet('<row r="5000"/><drawing r:id="rId1000"/>'))).toBeNull();
    // Another part than a worksheet keeps its references.
    expect(scanned('<table ref="A1:XFD9"/>', [], false)).toBeNull();
  });

  it('finds a text run over the cell limit, a tag over its limit, a DTD and a part cut short', () => {
    expect(
      scanned(sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(65)}</t></is></c></row>`)),
    ).toEqual({
      kind: 'cell',
    });
    expect(scanned(`<worksheet a="${'x'.repeat(70 * 1024)}"/>`)).toEqual({ kind: 'unreadable' });
    expect(scanned('<!DOCTYPE x [<!ENTITY a "aaaa">]><x/>', [], false)).toEqual({ kind: 'unreadable' });
    expect(scanned('<worksheet><c r="A1"', [], false)).toEqual({ kind: 'unreadable' });
    expect(scanned(`<worksheet><cols><col min="1" max="99999"/></cols></worksheet>`)).toEqual({
      kind: 'unreadable',
    });
  });

  it('reads a quoted > as part of its attribute, not the end of the tag', () => {
    expect(scanned(`<worksheet><c x="a>b" r="ZZ9"/></worksheet>`)).toEqual({ kind: 'beyond', cell: 'ZZ9' });
  });

  it('finds the same thing however the inflated bytes are cut into chunks', () => {
    const cases = [
      sheet('<row r="1"><c r="A1"><v>1</v></c><c r="AE2"><v>2</v></c></row>'),
      sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'é'.repeat(40)}</t></is></c></row>`),
      sheet('<row r="1"><c r="B7"><v>1</v></c></row>'),
      `<worksheet><dimension ref="A1:B300"/></worksheet>`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.array(fc.nat(), { maxLength: 12 }), (xml, cuts) => {
        expect(scanned(xml, cuts)).toEqual(scanned(xml));
      }),
    );
  });
});
