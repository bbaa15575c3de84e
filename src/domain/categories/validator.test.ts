import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, NOTICE_CODES, WARNING_CODES } from './codes.ts';
import { isJsonPointer } from './pointer.ts';
import { CATEGORIES, type SchemaCategory } from './types.ts';
import { createValidator } from './validator.ts';

// A tiny stand-in for the served schemas, exercising every keyword the mapping knows.
const tiny = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'fibreComposition'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 10, 'x-access': 'public' },
    code: { type: 'string', pattern: '^[A-Z]{3}$', 'x-access': 'public' },
    site: { type: 'string', format: 'uri', 'x-access': 'public' },
    kind: { enum: ['a', 'b'], 'x-access': 'public' },
    version: { const: 1 },
    contact: { type: 'string', 'x-access': 'owner' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2, uniqueItems: true },
    choice: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    fibreComposition: {
      type: 'array',
      items: {
        type: 'object',
        required: ['fibre', 'share'],
        properties: {
          fibre: { type: 'string' },
          share: { type: 'number', exclusiveMinimum: 0, maximum: 100, 'x-unit': '%' },
        },
        'x-vendor-note': 'extension keywords other than x-access and x-unit are tolerated',
      },
    },
  },
};

const schemas = Object.fromEntries(
  ['textiles', 'batteries', 'electronics', 'chemicals', 'construction'].map((c) => [c, tiny]),
) as Record<SchemaCategory, object>;

const access = (_category: SchemaCategory, pointer: string) =>
  pointer === '/metadata/contact' ? 'owner' : 'public';
const validate = createValidator({ schemas, accessOf: access });

const codes = (items: { code: string; path?: string }[]) => items.map((i) => `${i.code} ${i.path}`).sort();

describe('createValidator on a schema category', () => {
  it('accepts valid metadata', () => {
    const result = validate('textiles', {
      name: 'Shirt',
      fibreComposition: [{ fibre: 'cotton', share: 100 }],
    });
    expect(result).toEqual({ errors: [], warnings: [], notices: [] });
  });

  it('maps ajv errors to codes and paths rooted at the passport body', () => {
    const result = validate('textiles', {
      name: 'S',
      code: 'abc',
      site: 'not a url',
      kind: 'c',
      version: 2,
      tags: ['x', 'x', 'y'],
      choice: true,
      extra: 1,
      fibreComposition: [{ fibre: 3, share: 0 }, { share: 101 }],
    });
    expect(codes(result.errors)).toEqual(
      [
        'TOO_SHORT /metadata/name',
        'PATTERN_MISMATCH /metadata/code',
        'INVALID_FORMAT /metadata/site',
        'VALUE_NOT_ALLOWED /metadata/kind',
        'VALUE_NOT_ALLOWED /metadata/version',
        'TOO_MANY_ITEMS /metadata/tags',
        'DUPLICATE_ITEMS /metadata/tags',
        'INVALID_VALUE /metadata/choice',
        'UNKNOWN_FIELD /metadata/extra',
        'WRONG_TYPE /metadata/fibreComposition/0/fibre',
        'VALUE_OUT_OF_RANGE /metadata/fibreComposition/0/share',
        'REQUIRED_FIELD_MISSING /metadata/fibreComposition/1/fibre',
        'VALUE_OUT_OF_RANGE /metadata/fibreComposition/1/share',
      ].sort(),
    );
    const share = result.errors.find((e) => e.path === '/metadata/fibreComposition/1/share');
    expect(share?.params).toMatchObject({ field: 'fibreComposition[1].share', range: '≤ 100', limit: 100 });
    expect(share?.message).toBe('fibreComposition[1].share must be ≤ 100');
  });

  it('reports one error for metadata that is not an object', () => {
    for (const metadata of [null, [], 'x', 3, undefined]) {
      const result = validate('textiles', metadata);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatchObject({ code: 'METADATA_NOT_OBJECT', path: '/metadata' });
    }
  });

  it('reports an unknown category', () => {
    const result = validate('furniture' as never, {});
    expect(result.errors.map((e) => e.code)).toEqual(['UNKNOWN_CATEGORY']);
  });

  it('checks the product id from the context', () => {
    const valid = { name: 'Shirt', fibreComposition: [] };
    expect(validate('textiles', valid, { productId: '4006381333931' }).warnings).toEqual([]);
    expect(validate('textiles', valid, { productId: 'SHIRT-1' }).warnings.map((w) => w.code)).toEqual([
      'NON_GS1_PRODUCT_ID',
    ]);
    const typo = validate('textiles', valid, { productId: '4006381333932' });
    expect(typo.errors).toMatchObject([{ code: 'INVALID_PRODUCT_ID', path: '/productId' }]);
  });

  it('warns about personal data only in public fields', () => {
    const result = validate('textiles', {
      name: 'Shirt',
      contact: 'jane.doe@example.com',
      code: 'jane.doe@example.com',
      fibreComposition: [],
    });
    expect(codes(result.warnings)).toEqual(['PII_SHAPE_DETECTED /metadata/code']);
  });

  it('warns about an unexpected granularity', () => {
    const valid = { name: 'Shirt', fibreComposition: [] };
    expect(validate('textiles', valid, { granularity: 'batch' }).warnings).toEqual([]);
    expect(validate('batteries', valid, { granularity: 'item' }).warnings).toMatchObject([
      { code: 'CATEGORY_GRANULARITY_UNEXPECTED', path: '/granularity', params: { expected: 'model' } },
    ]);
  });

  it('never throws, and reports only known codes at valid pointers', () => {
    const known = new Set<string>([...ERROR_CODES, ...WARNING_CODES, ...NOTICE_CODES]);
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORIES),
        fc.oneof(fc.anything(), fc.jsonValue()),
        (category, metadata) => {
          const result = validate(category, metadata, { productId: 'X-1', granularity: 'item' });
          for (const item of [...result.errors, ...result.warnings, ...result.notices]) {
            expect(known.has(item.code)).toBe(true);
            expect(isJsonPointer(item.path ?? '')).toBe(true);
          }
        },
      ),
    );
  });
});
