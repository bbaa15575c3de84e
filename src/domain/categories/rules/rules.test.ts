import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../codes.ts';
import { isJsonPointer } from '../pointer.ts';
import { RULE_CATEGORIES } from '../types.ts';
import { checkRules, RULE_SETS } from './index.ts';

describe.each(RULE_CATEGORIES)('rule set %s', (category) => {
  const rules = RULE_SETS[category];

  it('has a valid example and documents invalid ones', () => {
    expect(rules.examples.find((e) => e.name === 'valid')?.expectedErrors).toEqual([]);
    expect(rules.examples.length).toBeGreaterThan(1);
  });

  it.each(rules.examples.map((e) => [e.name, e] as const))(
    'example %s yields its documented errors',
    (_, example) => {
      const codes = checkRules(category, example.metadata).map((e) => e.code);
      expect(codes.sort()).toEqual([...example.expectedErrors].sort());
    },
  );

  it('reports every missing required field of an empty object', () => {
    const errors = checkRules(category, {});
    expect(errors.length).toBeGreaterThan(3);
    expect(errors.every((e) => ['REQUIRED_FIELD_MISSING', 'DURABILITY_INFO_MISSING'].includes(e.code))).toBe(
      true,
    );
  });

  it('rejects unknown fields and wrong types with paths', () => {
    const valid = rules.examples[0]?.metadata ?? {};
    const errors = checkRules(category, { ...valid, surprise: 1 });
    expect(errors).toMatchObject([{ code: 'UNKNOWN_FIELD', path: '/metadata/surprise' }]);
    const [first] = Object.keys(rules.fields.properties);
    const wrong = checkRules(category, { ...valid, [first ?? '']: { nested: true } });
    expect(wrong.map((e) => e.code)).toContain('WRONG_TYPE');
  });

  it('never throws on arbitrary objects and reports known codes at valid pointers', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.anything(), (metadata, extra) => {
        const field = Object.keys(rules.fields.properties)[0] ?? 'x';
        for (const input of [metadata, { ...rules.examples[0]?.metadata, [field]: extra }]) {
          for (const error of checkRules(category, input)) {
            expect((ERROR_CODES as readonly string[]).includes(error.code)).toBe(true);
            expect(isJsonPointer(error.path ?? '')).toBe(true);
          }
        }
      }),
    );
  });
});

describe('specific rules', () => {
  it('cosmetics: checks CAS check digits and duplicate INCI names', () => {
    const valid = RULE_SETS.cosmetics.examples[0]?.metadata ?? {};
    const errors = checkRules('cosmetics', {
      ...valid,
      ingredients: [
        { inciName: 'Aqua' },
        { inciName: 'aqua ' },
        { inciName: 'Glycerin', casNumber: '56-81-4' },
      ],
    });
    expect(errors.map((e) => `${e.code} ${e.path}`).sort()).toEqual([
      'DUPLICATE_ITEMS /metadata/ingredients',
      'INVALID_FORMAT /metadata/ingredients/2/casNumber',
    ]);
  });

  it('aluminium: accepts EN 573 designations and EN 515 tempers', () => {
    const valid = RULE_SETS.aluminium.examples[0]?.metadata ?? {};
    for (const alloyDesignation of ['6061', 'AW-6061', 'EN AW-6061', '6005A', '1050']) {
      for (const temper of ['O', 'F', 'H14', 'H111', 'T6', 'T651', 'T7351']) {
        expect(checkRules('aluminium', { ...valid, alloyDesignation, temper })).toEqual([]);
      }
    }
  });

  it('iron-steel: accepts EN 10027 names and numbers', () => {
    const valid = RULE_SETS['iron-steel'].examples[0]?.metadata ?? {};
    for (const steelGrade of [
      'S355J2',
      'S235JR',
      'C45E',
      '42CrMo4',
      'X5CrNi18-10',
      'DX51D+Z',
      '1.0577',
      '1.4301',
    ]) {
      expect(checkRules('iron-steel', { ...valid, steelGrade })).toEqual([]);
    }
  });

  it('toys: an EU manufacturer needs no importer', () => {
    const { importer: _importer, ...valid } = RULE_SETS.toys.examples[0]?.metadata ?? {};
    const manufacturer = {
      name: 'Spielwaren GmbH',
      address: { street: 'Hauptstraße 5', postalCode: '90402', city: 'Nürnberg', country: 'DE' },
    };
    expect(checkRules('toys', { ...valid, manufacturer })).toEqual([]);
  });
});
