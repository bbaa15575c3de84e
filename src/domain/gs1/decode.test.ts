import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './check-digit.ts';
import { decode } from './decode.ts';
import { buildCompressedLink } from './digital-link.ts';
import { aiOpeners, GS } from './element-string.ts';

const BASE = 'https://dpp.example.test';

const gtin = fc.stringMatching(/^\d{13}$/).map(withCheckDigit);
const cset82 = (max: number) =>
  fc.stringMatching(new RegExp(`^[!"%&'()*+,\\-./0-9:;<=>?A-Z_a-z]{1,${max}}$`));
// `.` and `..` are URL dot segments: a link cannot carry them as a qualifier (see the test below).
const qualifier = cset82(20).filter((value) => value !== '.' && value !== '..');
const date = fc
  .record({
    y: fc.integer({ min: 0, max: 99 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => [y, m, d].map((n) => String(n).padStart(2, '0')).join(''));

/** Valid AI sets keyed by a GTIN: qualifiers and data attributes a Digital Link can carry. */
const gtinData = fc
  .record(
    {
      '22': qualifier,
      '10': qualifier,
      '21': qualifier,
      '17': date,
      '3103': fc.stringMatching(/^\d{6}$/),
      '240': cset82(30),
    },
    { requiredKeys: [] },
  )
  .chain((rest) =>
    gtin.map((key) => [
      { ai: '01', value: key },
      ...Object.entries(rest).map(([ai, value]) => ({ ai, value })),
    ]),
  );

/**
 * The sets whose HRI reads back: no value holds the `(AI)` of a known AI, which the bracketed form
 * always reads as an AI (the test below pins what happens to the others).
 */
const hriReadsBack = (list: { ai: string; value: string }[]) =>
  list.every(({ value }) => aiOpeners(value).length === 0);

const pairs = (list: { ai: string; value: string }[]) => list.map(({ ai, value }) => `${ai}=${value}`).sort();

describe('decode', () => {
  it('never throws, whatever it is given', () => {
    const gs1ish = fc
      .array(
        fc.constantFrom(
          '(',
          ')',
          '01',
          '10',
          '21',
          '8003',
          ']d2',
          ']Q1',
          GS,
          '^',
          '{GS}',
          '%',
          '/',
          'https://x.test/',
          'gtin',
          'constructor',
          'AQnYUc1gm',
          '?',
          '=',
          '&',
          '0',
          '9',
          'A',
        ),
        {
          maxLength: 30,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), gs1ish), (data) => {
        const result = decode(data, BASE);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
    for (const odd of [null, undefined, 42, {}, [], 'x'.repeat(5000)])
      expect(decode(odd, BASE).ok).toBe(false);
  });

  it('reads the same AIs from the element string, the HRI, the link and the compressed link', () => {
    fc.assert(
      fc.property(gtinData, (ais) => {
        const first = decode(`]d2${ais.map(({ ai, value }) => `${ai}${value}`).join(GS)}`, BASE);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(
          first.ais.every(({ valid }) => valid),
          JSON.stringify(first.ais),
        ).toBe(true);
        expect(pairs(first.ais)).toEqual(pairs(ais));
        const link = first.digitalLink as string;
        expect(link.startsWith(`${BASE}/01/`)).toBe(true);
        const compressed = buildCompressedLink(BASE, ais);
        const forms = [first.elementString, link, compressed.ok ? compressed.uri : ''];
        for (const form of hriReadsBack(ais) ? [first.hri, ...forms] : forms) {
          const again = decode(form, BASE);
          expect(again.ok && pairs(again.ais), form).toEqual(pairs(ais));
          expect(again.ok && again.digitalLink, form).toBe(link);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads brackets greedily: a value holding (AI) keeps it in the element string and the link, not in the HRI', () => {
    const key = '(01)09520123456788';
    const scanned = decode(`]d2010952012345678821(00)=`, BASE);
    expect(scanned.ok && pairs(scanned.ais)).toEqual(['01=09520123456788', '21=(00)=']);
    expect(scanned.ok && scanned.hri).toBe(`${key}(21)(00)=`);
    for (const form of [scanned.ok ? scanned.elementString : '', scanned.ok ? scanned.digitalLink : '']) {
      const again = decode(form, BASE);
      expect(again.ok && pairs(again.ais), String(form)).toEqual(['01=09520123456788', '21=(00)=']);
    }
    // Read back, `(00)` opens an AI: AI 21 is left empty, and the whole text is refused.
    expect(decode(`${key}(21)(00)=`, BASE)).toEqual({ ok: false, error: 'AI (21) has no value' });
    // Where both readings are whole, the bracketed one is two AIs: nothing in the text says otherwise.
    const split = decode(`${key}(21)A(10)B`, BASE);
    expect(split.ok && pairs(split.ais)).toEqual(['01=09520123456788', '10=B', '21=A']);
    // Brackets that open no known AI stay in the value.
    const kept = decode(`${key}(21)A(1)(0000)B(`, BASE);
    expect(kept.ok && pairs(kept.ais)).toEqual(['01=09520123456788', '21=A(1)(0000)B(']);
  });

  it('accepts FNC1 as GS, ^ or {GS}, and the GS1 symbology identifiers', () => {
    const expected = ['01=09520123456788', '10=ABC', '21=X1'];
    for (const data of [
      '0109520123456788' + '10ABC\u001d21X1',
      '0109520123456788' + '10ABC^21X1',
      '0109520123456788' + '10ABC{GS}21X1',
      ']C10109520123456788' + '10ABC\u001d21X1',
      ']e00109520123456788' + '10ABC\u001d21X1',
      ']Q3\u001d0109520123456788' + '10ABC\u001d21X1',
      ']J1(01)09520123456788(10)ABC(21)X1',
      ']Q1https://id.example/01/09520123456788/10/ABC/21/X1',
    ]) {
      const result = decode(data, BASE);
      expect(result.ok && pairs(result.ais), data).toEqual(expected);
    }
    expect(decode(']d1some text', BASE)).toEqual({ ok: false, error: 'symbology ]d1 carries no GS1 data' });
  });

  it('writes the canonical link on this node, qualifiers in order and attributes as a query', () => {
    const result = decode('(01)09520123456788(17)270131(21)S/1 2(10)L1', BASE);
    expect(result.ok && result.ais.map(({ valid }) => valid)).toEqual([true, true, false, true]);
    const valid = decode('(01)09520123456788(17)270131(21)S/1(10)L1', BASE);
    expect(valid.ok && valid.digitalLink).toBe(`${BASE}/01/09520123456788/10/L1/21/S%2F1?17=270131`);
  });

  it('gives no link for a qualifier that is a URL dot segment', () => {
    expect(decode('(01)09520123456788(21)..', BASE)).toMatchObject({ ok: true, digitalLink: null });
    expect(decode('(01)09520123456788(240)..', BASE)).toMatchObject({
      ok: true,
      digitalLink: `${BASE}/01/09520123456788?240=..`,
    });
  });

  it('reports an unknown AI, a short fixed value and a repeat with another value', () => {
    expect(decode('(01)09520123456788(01)09520123456795', BASE)).toMatchObject({
      ok: true,
      ais: [{ valid: true }, { ai: '01', valid: false, errors: ['repeated with a different value'] }],
    });
    expect(decode('(01)09520123456788(01)09520123456788', BASE)).toMatchObject({
      ok: true,
      ais: [{ ai: '01' }],
    });
    expect(decode('4912345', BASE).ok).toBe(false);
    expect(decode('01095201234\u001d', BASE).ok).toBe(false);
  });
});
