// The third-party GS1 Digital Link tables (Gherkin `Examples:`): Digital Links, uncompressed,
// partially and fully compressed, and element strings, each to its AIs and values; compressed
// links re-compress to exactly the given string.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/gs1/decode.ts';
import { buildCompressedLink, parseLink } from '../../src/domain/gs1/digital-link.ts';
import { GS } from '../../src/domain/gs1/element-string.ts';
import { material } from './material.ts';

const FOLDER = material('gs1-digital-link-solidsoft-tests');
const BASE = 'https://id.gs1.org';

interface Row {
  file: string;
  header: string[];
  cells: string[];
}

/** Every row of every `Examples:` table, with its table's header. */
function examples(): Row[] {
  const rows: Row[] = [];
  for (const file of readdirSync(FOLDER).filter((name) => name.endsWith('.feature'))) {
    const lines = readFileSync(`${FOLDER}/${file}`, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    let header: string[] | null = null;
    let inExamples = false;
    for (const line of lines) {
      const trimmed = line.trim();
      if (trimmed === 'Examples:') {
        inExamples = true;
        header = null;
        continue;
      }
      if (!inExamples) continue;
      if (!trimmed.startsWith('|')) {
        if (trimmed !== '') inExamples = false;
        continue;
      }
      const cells = trimmed
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      if (header === null) header = cells;
      else rows.push({ file, header, cells });
    }
  }
  return rows;
}

const pairsOf = (list: { ai: string; value: string }[]) =>
  list.map(({ ai, value }) => `(${ai})${value}`).sort();

function expected(row: Row): string[] {
  const pairs: string[] = [];
  row.header.forEach((name, index) => {
    const match = /^AI(\d)$/.exec(name);
    const ai = row.cells[index];
    if (!match || !ai) return;
    const value = row.cells[row.header.indexOf(`Value${match[1]}`)] as string;
    pairs.push(`(${ai})${value}`);
  });
  return pairs.sort();
}

const rows = examples();

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The bits of a compressed link's last segment, trailing zero padding removed. */
const contentBits = (uri: string) =>
  [...(uri.split('/').at(-1) as string)]
    .map((char) => B64.indexOf(char).toString(2).padStart(6, '0'))
    .join('')
    .replace(/0+$/, '');

describe('GS1 Digital Link tables', () => {
  it('holds the tables this suite reads', () => {
    expect(rows.length).toBeGreaterThan(300);
  });

  it('decodes every Digital Link and element string to the expected AIs and values', () => {
    let checked = 0;
    for (const row of rows) {
      const input = (row.cells[0] as string).replaceAll('<GS>', GS);
      const result = decode(input, BASE);
      expect(result.ok, `${row.file}: ${input} ${result.ok ? '' : result.error}`).toBe(true);
      if (!result.ok) continue;
      const got = pairsOf(result.ais);
      if (row.header.includes('AI1')) {
        // "should contain": a table with no column left over may list only some of the AIs.
        const want = expected(row);
        const columns = row.header.filter((name) => /^AI\d$/.test(name)).length;
        if (want.length < columns) expect(got, `${row.file}: ${input}`).toEqual(want);
        else expect(got, `${row.file}: ${input}`).toEqual(expect.arrayContaining(want));
      } else if (row.cells.length === 1) {
        // The symbology-identifier table states its AIs in the scenario text, not in columns.
        expect(got, input).toEqual(['(01)05412345000013', '(10)ABC123']);
      } else {
        // A Digital Link beside the element string it converts to: both hold the same AIs (GS1
        // fixes no order of AIs in an element string, so the sets are compared).
        const other = decode((row.cells[1] as string).replaceAll('<GS>', GS), BASE);
        expect(other.ok && pairsOf(other.ais), `${row.file}: ${row.cells[1]}`).toEqual(got);
      }
      checked++;
    }
    expect(checked).toBe(rows.length);
  });

  it('compresses to exactly the given compressed link, and back', () => {
    const compressed = rows.filter((row) => row.header[0] === 'compressedDigitalLink');
    expect(compressed.length).toBeGreaterThan(40);
    for (const row of compressed) {
      const uri = row.cells[0] as string;
      const parsed = parseLink(uri);
      expect(parsed.ok && parsed.link.compression, uri).toBe('full');
      if (!parsed.ok) continue;
      const ours = buildCompressedLink(BASE, parsed.link.ais);
      expect(ours.ok, uri).toBe(true);
      // The same bits; the reference writes one surplus zero bit after an empty variable-length
      // number (an absent GCN serial), which only changes the padding.
      if (ours.ok) expect(contentBits(ours.uri), uri).toBe(contentBits(uri));
    }
  });

  it('round-trips every uncompressed link through its compressed form', () => {
    const plain = rows.filter((row) => row.header[0] === 'digitalLink' && row.header.includes('AI1'));
    for (const row of plain) {
      const parsed = parseLink(row.cells[0] as string);
      expect(parsed.ok, row.cells[0]).toBe(true);
      if (!parsed.ok) continue;
      const packed = buildCompressedLink(BASE, parsed.link.ais);
      expect(packed.ok, row.cells[0]).toBe(true);
      if (!packed.ok) continue;
      const back = parseLink(packed.uri);
      expect(back.ok && pairsOf(back.link.ais), packed.uri).toEqual(expected(row));
    }
  });
});
