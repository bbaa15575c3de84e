import { describe, expect, it } from 'vitest';
import { ruleSchema } from '../categories/rules/as-schema.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import { exampleMetadata } from './samples.ts';
import {
  choiceCode,
  choiceText,
  columnChoices,
  columnLetters,
  columnNameOf,
  countryCodes,
  MIN_REPEATS,
  pointerOfColumn,
  templateColumns,
} from './sheet-columns.ts';

describe('the columns of a spreadsheet template', () => {
  const schema = categorySchemas.batteries;
  const columns = templateColumns(schema, [exampleMetadata('batteries')]);
  const names = columns.map((column) => column.name);

  it('lays a list out as numbered repeats of its item, each with its pointer', () => {
    expect(names.slice(0, 3)).toEqual(['productId', 'originCountry', 'granularity']);
    expect(names).toContain('materialComposition.hazardousSubstances[1].name');
    expect(names).toContain(`materialComposition.hazardousSubstances[${MIN_REPEATS}].name`);
    expect(names).not.toContain('materialComposition.hazardousSubstances');
    const second = columns.find(
      (column) => column.name === 'materialComposition.hazardousSubstances[2].name',
    );
    expect(second?.pointer).toBe('/metadata/materialComposition/hazardousSubstances/1/name');
    expect(second?.schemaPath).toBe('materialComposition.hazardousSubstances.name');
    expect(second?.repeats).toEqual([{ list: 'materialComposition.hazardousSubstances', n: 2 }]);
  });

  it('repeats a list as often as the longest value needs', () => {
    const long = exampleMetadata('batteries');
    (long.materialComposition as Record<string, unknown>).criticalRawMaterials = [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ];
    const wide = templateColumns(schema, [long]).map((column) => column.name);
    expect(wide).toContain('materialComposition.criticalRawMaterials[6]');
    expect(wide).not.toContain('materialComposition.criticalRawMaterials[7]');
  });

  it('maps names and pointers both ways, and numbers columns as a spreadsheet does', () => {
    expect(pointerOfColumn('a.list[3].b')).toBe('/metadata/a/list/2/b');
    expect(pointerOfColumn('a.list[0].b')).toBeUndefined();
    expect(pointerOfColumn('originCountry')).toBe('/originCountry');
    expect(columnNameOf('/metadata/a/list/2/b')).toBe('a.list[3].b');
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('offers enums, granularities and countries as choices, and reads a choice back by its code', () => {
    const country = columns.find(
      (column) => column.name === 'generalInformation.manufacturer.postalAddress.countryCode',
    );
    expect(columnChoices(country ?? { name: '', schema: undefined })).toContain('DE');
    expect(countryCodes()).not.toContain('EU');
    expect(columnChoices({ name: 'granularity', schema: undefined })).toEqual(['model', 'batch', 'item']);
    const enumColumn = columns.find((column) => Array.isArray(column.schema?.enum));
    expect(enumColumn).toBeDefined();
    expect(choiceText('DE', 'Deutschland')).toBe('Deutschland (DE)');
    expect(choiceCode('Deutschland (DE)', ['DE', 'FR'])).toBe('DE');
    expect(choiceCode(' FR ', ['DE', 'FR'])).toBe('FR');
    // Parentheses that hold no allowed code are the text itself.
    expect(choiceCode('Lithium (LFP)', ['DE'])).toBe('Lithium (LFP)');
  });

  it("lays out a rule category's fields by their type, a country by its name", () => {
    const toys = templateColumns(ruleSchema('toys'), [exampleMetadata('toys')]);
    expect(toys.length).toBeGreaterThan(3);
    for (const column of toys) expect(column.pointer.startsWith('/')).toBe(true);
  });
});
