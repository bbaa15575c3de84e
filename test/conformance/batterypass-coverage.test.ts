// Battery Pass data model v1.2 against our batteries schema: (a) coverage of its SAMM properties,
// (b) access tiers, (c) its sample payloads mapped onto our schema validate.
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { batteryPassSammMapping } from '../../src/domain/categories/batterypass-mapping.ts';
import { categorySchemas, fieldAccess, schemaHasField } from '../../src/domain/categories/schemas/index.ts';
import type { Json } from './batterypass-payloads.ts';
import { mapPayload, mergeOnto } from './batterypass-performance.ts';
import { ASPECTS, readPayload, sammProperties, tierOfAnnexPoint } from './batterypass-source.ts';

const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;

const MIN_COVERAGE = 0.9;
const schema = categorySchemas.batteries;
// Value-level keywords: the generated payloads hold random numbers and strings (negative energies,
// shares of 1e38 %), which our bounds rightly reject. Anything else would be a mapping defect.
const VALUE_KEYWORDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'format',
  'pattern',
]);

interface Row {
  attribute: string;
  pointer: string | null;
  covered: boolean;
  note: string;
}

function report(title: string, rows: Row[]): number {
  const covered = rows.filter((r) => r.covered).length;
  const lines = rows.map(
    (r) =>
      `${r.covered ? 'covered    ' : 'NOT covered'}  ${r.attribute.padEnd(64)} ${r.pointer ?? '-'} ${r.note}`,
  );
  const share = rows.length === 0 ? 0 : covered / rows.length;
  console.log(
    `${title}: ${covered}/${rows.length} covered (${(share * 100).toFixed(1)} %)\n${lines.join('\n')}`,
  );
  return share;
}

function row(attribute: string, pointer: string | null | undefined): Row {
  if (pointer === undefined) return { attribute, pointer: null, covered: false, note: '(no mapping entry)' };
  if (pointer === null) return { attribute, pointer, covered: false, note: '(not modelled, see mapping)' };
  const exists = schemaHasField('batteries', pointer);
  return { attribute, pointer, covered: exists, note: exists ? '' : '(pointer not in schema)' };
}

const sammByAspect = ASPECTS.map((files) => ({ files, properties: sammProperties(files) }));

describe('Battery Pass v1.2: coverage (a)', () => {
  it('maps every property of the seven SAMM aspect models to a field of our schema', () => {
    const rows = sammByAspect.flatMap(({ properties }) =>
      properties.map((p) => row(p.key, batteryPassSammMapping[p.key])),
    );
    expect(rows.length).toBeGreaterThan(140);
    const share = report('Battery Pass SAMM properties', rows);
    expect(
      rows.filter((r) => r.note === '(pointer not in schema)' || r.note === '(no mapping entry)'),
    ).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(MIN_COVERAGE);
  });

  it('has no stale mapping entries', () => {
    const known = new Set(sammByAspect.flatMap(({ properties }) => properties.map((p) => p.key)));
    expect(Object.keys(batteryPassSammMapping).filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('Battery Pass v1.2: access tiers (b)', () => {
  it('matches the Annex XIII points the SAMM models cite', () => {
    const checked = sammByAspect.flatMap(({ properties }) =>
      properties.flatMap((p) => {
        const pointer = batteryPassSammMapping[p.key];
        const point = p.annexXiii[0];
        if (point === undefined || pointer === undefined || pointer === null) return [];
        return [
          { key: p.key, point, expected: tierOfAnnexPoint(point), actual: fieldAccess('batteries', pointer) },
        ];
      }),
    );
    console.log(checked.map((c) => `${c.key} (Annex XIII ${c.point}): ${c.actual}`).join('\n'));
    expect(checked.length).toBeGreaterThanOrEqual(8);
    for (const c of checked) expect(c.actual, c.key).toBe(c.expected);
  });
});

describe('Battery Pass v1.2: sample payloads (c)', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-access', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-unit', schemaType: 'string' });
  const validate = ajv.compile(schema);
  const examples = schema.examples as Json[];

  it.each(ASPECTS.map((files) => [files.aspect, files] as const))(
    '%s maps onto a schema-valid structure',
    (aspect, files) => {
      const fragment = mapPayload(aspect, readPayload(files));
      expect(Object.keys(fragment).length).toBeGreaterThan(0);
      const document = mergeOnto(structuredClone(examples[0] ?? {}), fragment);
      validate(document);
      const errors = validate.errors ?? [];
      const structural = errors.filter((e) => !VALUE_KEYWORDS.has(e.keyword));
      const valueLevel = errors.filter((e) => VALUE_KEYWORDS.has(e.keyword));
      if (valueLevel.length > 0) {
        console.log(
          `${aspect}: generated values rejected by our bounds:\n${valueLevel.map((e) => `  ${e.instancePath} ${e.message}`).join('\n')}`,
        );
      }
      expect(structural).toEqual([]);
    },
  );

  it('rejects the CAS number with a trailing space in the MaterialComposition payload', () => {
    const files = ASPECTS.find((a) => a.aspect === 'MaterialComposition');
    if (files === undefined) throw new Error('aspect missing');
    const document = mergeOnto(
      structuredClone(examples[0] ?? {}),
      mapPayload(files.aspect, readPayload(files)),
    );
    expect(validate(document)).toBe(false);
    expect(
      validate.errors?.some(
        (e) =>
          e.instancePath === '/materialComposition/detailedComposition/0/casNumber' &&
          e.keyword === 'pattern',
      ),
    ).toBe(true);
  });
});
