import { describe, expect, it } from 'vitest';
import { findMaterial, isValidCasNumber, isValidEcNumber, materials } from './index.ts';

describe('material vocabulary', () => {
  it('has unique slug ids', () => {
    const ids = materials.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has CAS and EC numbers that pass their check digits, each used once', () => {
    const cas = materials.flatMap((m) => (m.casNumber === undefined ? [] : [m.casNumber]));
    expect(new Set(cas).size).toBe(cas.length);
    for (const value of cas) expect(isValidCasNumber(value), value).toBe(true);
    for (const m of materials)
      if (m.ecNumber !== undefined) expect(isValidEcNumber(m.ecNumber), m.id).toBe(true);
  });

  it('flags strategic raw materials as critical too (CRMA Art. 4: Annex I is a subset of Annex II)', () => {
    for (const m of materials) if (m.strategicRawMaterial) expect(m.criticalRawMaterial, m.id).toBe(true);
  });

  it('knows the battery metals of Art. 8 of the Battery Regulation', () => {
    expect(findMaterial('cobalt')).toMatchObject({
      casNumber: '7440-48-4',
      criticalRawMaterial: true,
      strategicRawMaterial: true,
    });
    expect(findMaterial('lithium')?.strategicRawMaterial).toBe(true);
    expect(findMaterial('nickel')?.criticalRawMaterial).toBe(true);
    expect(findMaterial('lead')?.criticalRawMaterial).toBe(false);
  });

  it('finds by CAS number and ignores case and spaces', () => {
    expect(findMaterial('7439-93-2')?.id).toBe('lithium');
    expect(findMaterial('7439-93-2 ')?.id).toBe('lithium');
    expect(findMaterial('Natural-Graphite')?.id).toBe('natural-graphite');
    expect(findMaterial('0000-00-0')).toBeUndefined();
  });
});

describe('CAS and EC check digits', () => {
  it('accepts known numbers and rejects a changed digit', () => {
    expect(isValidCasNumber('7732-18-5')).toBe(true);
    expect(isValidCasNumber('7732-18-4')).toBe(false);
    expect(isValidCasNumber('7732185')).toBe(false);
    expect(isValidEcNumber('231-791-2')).toBe(true);
    expect(isValidEcNumber('231-791-3')).toBe(false);
  });
});
