// The GS1 Barcode Syntax Dictionary against the table generated from it: every AI is there with
// its flags, format and rules, a value built to each AI's format passes its checks and decodes,
// and the dictionary's own Digital Link qualifier examples hold.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aiEntry, checkValue } from '../../src/domain/gs1/ai-dictionary.ts';
import { AI_TABLE, DICTIONARY_RELEASE } from '../../src/domain/gs1/ai-table.generated.ts';
import type { AiComponent, AiEntry } from '../../src/domain/gs1/ai-types.ts';
import { computeCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { decode } from '../../src/domain/gs1/decode.ts';
import { parseLink } from '../../src/domain/gs1/digital-link.ts';
import { checkCharacterPair, LINTERS, UNCHECKED_LINTERS } from '../../src/domain/gs1/linters.ts';
import { material } from './material.ts';

const text = readFileSync(material('gs1-syntax-dictionary', 'gs1-syntax-dictionary.txt'), 'utf8');
const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

function expandRange(range: string): string[] {
  const [first, last = first] = range.split('-') as [string, string?];
  const out: string[] = [];
  for (let n = Number(first); n <= Number(last); n++) out.push(String(n).padStart(first.length, '0'));
  return out;
}

/** A value that satisfies one component and its linters. */
function sample(part: AiComponent, at: number): string {
  const length = part.max;
  const has = (name: string) => part.linters.includes(name);
  if (has('csum')) {
    const body = '9520123456788000000'.slice(0, length - 1).replace(/^./, at === 0 ? '0' : '9');
    return `${body}${computeCheckDigit(body)}`;
  }
  if (has('csumalpha')) {
    const body = '1987654Ad4X4bL5ttr2310c'.slice(0, length - 2);
    return `${body}${checkCharacterPair(body)}`;
  }
  const fixed: Record<string, string> = {
    yymmdd: '250115',
    yymmd0: '250100',
    yyyymmdd: '20250115',
    hhmi: '1230',
    hh: '12',
    mi: '30',
    ss: '45',
    zero: '0',
    yesno: '1',
    winding: '9',
    iso5218: '2',
    iso3166: '250',
    iso3166999: '999',
    iso4217: '978',
    iso3166alpha2: 'FR',
    pieceoftotal: '0102',
    latitude: '0900000000',
    longitude: '1800000000',
    mediatype: '01',
    hyphen: '-',
    posinseqslash: '1/2',
    importeridx: 'A',
    iban: 'DE89370400440532013000',
    pcenc: 'A%20B',
  };
  for (const name of part.linters) {
    const value = fixed[name];
    if (value !== undefined && value.length >= part.min && value.length <= part.max) return value;
  }
  if (part.cset === 'N') return '1'.repeat(length);
  if (part.cset === 'Y') return 'A#1-/'.repeat(20).slice(0, length);
  return 'Ab1_'.repeat(30).slice(0, length);
}

const sampleValue = (entry: AiEntry) => entry.components.map(sample).join('');

describe('GS1 Barcode Syntax Dictionary', () => {
  it('is the release the table was generated from', () => {
    expect(text).toContain(`Release: ${DICTIONARY_RELEASE}`);
  });

  it('has every AI of the dictionary in the table, with its flags and rules', () => {
    const seen = new Set<string>();
    for (const line of lines) {
      const [range, second] = line.trim().split(/\s+/) as [string, string];
      const flags = /^[A-Z[]/.test(second) ? '' : second;
      const title = line.includes('#') ? line.slice(line.indexOf('#') + 1).trim() : '';
      for (const ai of expandRange(range)) {
        seen.add(ai);
        const entry = aiEntry(ai);
        expect(entry, ai).toBeDefined();
        if (!entry) continue;
        expect(entry.title, ai).toBe(title);
        expect(entry.predefinedLength, ai).toBe(flags.includes('*'));
        expect(entry.dlDataAttribute, ai).toBe(flags.includes('?'));
        expect(entry.dlPrimaryKey, ai).toBe(/\bdlpkey\b/.test(line));
        expect(entry.requires.length, ai).toBe(line.match(/\breq=/g)?.length ?? 0);
      }
    }
    expect(AI_TABLE.map((entry) => entry.ai).sort()).toEqual([...seen].sort());
  });

  it('knows every linter the dictionary names', () => {
    const named = new Set(AI_TABLE.flatMap((entry) => entry.components.flatMap((part) => part.linters)));
    for (const name of named) expect(name in LINTERS || UNCHECKED_LINTERS.has(name), name).toBe(true);
  });

  it('accepts a value built to each AI format, and decodes it', () => {
    for (const entry of AI_TABLE) {
      const value = sampleValue(entry);
      expect(checkValue(entry, value), `(${entry.ai})${value}`).toEqual([]);
      const decoded = decode(`(${entry.ai})${value}`, 'https://id.example');
      expect(decoded.ok && decoded.ais[0], entry.ai).toMatchObject({ ai: entry.ai, value });
      // The same value as scan data: pre-defined lengths need no separator, others end the data.
      const scanned = decode(`]d2${entry.ai}${value}`, 'https://id.example');
      expect(scanned.ok && scanned.ais.map(({ ai }) => ai), entry.ai).toEqual([entry.ai]);
    }
  });

  it('refuses a value too long for it, or one with a character outside its set', () => {
    for (const entry of AI_TABLE) {
      const value = sampleValue(entry);
      expect(checkValue(entry, `${value}${'1'.repeat(100)}`).length, entry.ai).toBeGreaterThan(0);
      expect(checkValue(entry, `${value.slice(0, -1)} `).length, entry.ai).toBeGreaterThan(0);
    }
  });

  it('holds the Digital Link key-qualifier examples of its header', () => {
    const gtin = '09520123456788';
    const ok = (path: string) => parseLink(`https://id.example/01/${gtin}${path}`).ok;
    expect(ok('/22/A/10/B/21/C')).toBe(true);
    expect(ok('/22/A/21/C')).toBe(true);
    expect(ok('/10/B')).toBe(true);
    expect(ok('/10/B/22/A')).toBe(false);
    expect(ok('/235/T')).toBe(true);
    expect(ok('/22/A/10/B/235/T')).toBe(false);
  });
});
