import { describe, expect, it } from 'vitest';
import { aiEntry, checkValue } from './ai-dictionary.ts';
import { checkCharacterPair, LINTERS } from './linters.ts';
import { pairingProblems } from './pairing.ts';

const check = (ai: string, value: string) =>
  checkValue(aiEntry(ai) as NonNullable<ReturnType<typeof aiEntry>>, value);

describe('AI value checks', () => {
  it('checks dates, with day 00 only where the dictionary allows it', () => {
    expect(check('17', '270131')).toEqual([]);
    expect(check('17', '270100')).toEqual([]);
    expect(check('17', '270230')).toEqual(['day must be 01 to 28']);
    expect(check('17', '280229')).toEqual([]);
    expect(check('7006', '250100')).toEqual(['day must be 01 to 31']);
    expect(check('7250', '20250115')).toEqual([]);
    expect(check('7003', '2501152460')).toEqual(['component 2: hour must be at most 23']);
  });

  it('checks GS1 check digits and the GMN check character pair', () => {
    expect(check('00', '106141412345678908')).toEqual([]);
    expect(check('00', '106141412345678909')).toEqual(['check digit does not match']);
    expect(checkCharacterPair('1987654Ad4X4bL5ttr2310c')).toBe('2K');
    expect(check('8013', '1987654Ad4X4bL5ttr2310c2K')).toEqual([]);
    expect(check('8013', '1987654Ad4X4bL5ttr2310c2L')).toEqual(['check character pair does not match']);
    expect(check('8003', '04965031954585ABC')).toEqual([]);
    expect(check('8003', '14965031954585')).toEqual(['component 1: must be 0']);
  });

  it('checks lengths and character sets per component', () => {
    expect(check('01', '0541234500001')).toEqual(['must be 14 characters long']);
    expect(check('10', 'a b')).toEqual(['must contain only characters of GS1 CSET 82']);
    expect(check('8010', 'ABC#-/1')).toEqual([]);
    expect(check('8010', 'abc')).toEqual(['must contain only characters of GS1 CSET 39']);
    expect(check('421', '250ABC')).toEqual([]);
    expect(check('421', 'A50ABC')).toEqual(['component 1: must contain only digits']);
    expect(check('8006', '054123450000130302')).toEqual([
      'component 2: piece must be 1 to the total number of pieces',
    ]);
  });

  it('checks IBANs, percent-encoding and the other named linters', () => {
    expect(LINTERS.iban?.('DE89370400440532013000')).toBeNull();
    expect(LINTERS.iban?.('DE89370400440532013001')).toBe('IBAN check digits do not match');
    expect(LINTERS.pcenc?.('A%2')).toBe('invalid percent-encoding');
    expect(LINTERS.nozeroprefix?.('01')).toBe('must not start with 0');
    expect(LINTERS.posinseqslash?.('3/2')).not.toBeNull();
  });
});

describe('association rules', () => {
  const rules = (ai: string, present: string[]) =>
    pairingProblems(aiEntry(ai) as NonNullable<ReturnType<typeof aiEntry>>, present);

  it('requires one of the listed AIs, all of an alternative joined by +', () => {
    expect(rules('21', ['21', '01'])).toEqual([]);
    expect(rules('21', ['21'])).toEqual(['requires (01) or (03) or (8006)']);
    expect(rules('7004', ['7004', '01'])).toEqual(['requires (01) with (10)']);
    expect(rules('3923', ['3923', '01', '3103'])).toEqual([]);
  });

  it('refuses listed pairs, patterns included, but never an AI with itself', () => {
    expect(rules('01', ['01', '255'])).toEqual(['must not appear with (255)']);
    expect(rules('3103', ['3103', '01'])).toEqual([]);
    expect(rules('3103', ['3103', '3102', '01'])).toEqual(['must not appear with (3102)']);
  });
});
