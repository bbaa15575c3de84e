import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_TABLE } from './ai-table.generated.ts';
import type { AiComponent, AiEntry } from './ai-types.ts';
import { compressAis, decompressAis } from './dl-compression.ts';

const CSET82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
const ALPHABETS: Record<AiComponent['cset'], string> = {
  N: '0123456789',
  X: CSET82,
  Y: '#-/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  Z: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
};

/** A value of the AI's format (every component present, linters not applied). */
const valueFor = (entry: AiEntry) =>
  fc
    .tuple(
      ...entry.components.map((part) =>
        fc
          .array(fc.constantFrom(...ALPHABETS[part.cset]), { minLength: part.min, maxLength: part.max })
          .map((chars) => chars.join('')),
      ),
    )
    .map((parts) => parts.join(''));

// These AIs are compressed in a layout the standard fixes apart from the dictionary; their own
// cases are below.
const OWN_LAYOUT = /^(242|7007|723\d|7258)$/;
const entries = AI_TABLE.filter((entry) => !OWN_LAYOUT.test(entry.ai));

const sortByAi = <T extends { ai: string }>(list: T[]) => [...list].sort((a, b) => (a.ai < b.ai ? -1 : 1));

describe('Digital Link compression', () => {
  it('decompresses what it compresses, for every AI of the dictionary', () => {
    const aiSet = fc
      .uniqueArray(fc.constantFrom(...entries), { minLength: 1, maxLength: 4, selector: (entry) => entry.ai })
      .chain((chosen) =>
        fc.tuple(...chosen.map((entry) => valueFor(entry).map((value) => ({ ai: entry.ai, value })))),
      );
    fc.assert(
      fc.property(aiSet, (ais) => {
        const packed = compressAis(ais);
        expect(packed.ok).toBe(true);
        if (!packed.ok) return;
        expect(packed.data).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decompressAis(packed.data)).toEqual({ ok: true, ais: sortByAi(ais) });
      }),
      { numRuns: 500 },
    );
  });

  it('writes the AIs in ascending order, as the reference implementation does', () => {
    const packed = compressAis([
      { ai: '10', value: 'ABC123' },
      { ai: '01', value: '05412345000013' },
    ]);
    expect(packed).toEqual({ ok: true, data: 'AQnYUc1gmiCNV4JG' });
  });

  it('reads the optimisation codes of the standard', () => {
    // 0x0B names (01) then (10); the values follow without their own AI headers.
    const plain = compressAis([
      { ai: '01', value: '05412345000013' },
      { ai: '10', value: 'ABC123' },
    ]);
    if (!plain.ok) throw new Error(plain.error);
    const bits = [...plain.data]
      .map((c) =>
        'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
          .indexOf(c)
          .toString(2)
          .padStart(6, '0'),
      )
      .join('');
    // Drop the two AI headers (8 bits each) and put the code in front.
    const withoutHeaders = `00001011${bits.slice(8, 55)}${bits.slice(63)}`;
    const padded = withoutHeaders.padEnd(Math.ceil(withoutHeaders.length / 6) * 6, '0');
    let data = '';
    for (let i = 0; i < padded.length; i += 6) {
      data += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[
        Number.parseInt(padded.slice(i, i + 6), 2)
      ];
    }
    expect(decompressAis(data)).toEqual({
      ok: true,
      ais: [
        { ai: '01', value: '05412345000013' },
        { ai: '10', value: 'ABC123' },
      ],
    });
  });

  it('keeps the layouts the standard fixes for 242, 7007, 7230 and 7258', () => {
    for (const ais of [
      [{ ai: '242', value: '000123' }],
      [{ ai: '7007', value: '2501152501' }],
      [{ ai: '7230', value: '12ABC' }],
      [{ ai: '7258', value: '1/2' }],
    ]) {
      const packed = compressAis(ais);
      expect(packed.ok && decompressAis(packed.data), ais[0]?.ai).toEqual({ ok: true, ais });
    }
    expect(compressAis([{ ai: '242', value: '12' }]).ok).toBe(false);
  });

  it('refuses what is not compressed data, without throwing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = decompressAis(text);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    expect(decompressAis('').ok).toBe(false);
    expect(decompressAis('A+B').ok).toBe(false);
    expect(decompressAis('AQnYUc1gmiCNV4J').ok).toBe(false);
    expect(decompressAis('_____').ok).toBe(false);
  });
});
