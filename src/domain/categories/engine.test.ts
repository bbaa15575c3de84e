import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, NOTICE_CODES, validate, WARNING_CODES } from './engine.ts';
import { isJsonPointer } from './pointer.ts';
import { RULE_SETS } from './rules/index.ts';
import { CATEGORIES, type Category, RULE_CATEGORIES, SCHEMA_CATEGORIES } from './types.ts';

const known = new Set<string>([...ERROR_CODES, ...WARNING_CODES, ...NOTICE_CODES]);

function expectWellFormed(category: Category, metadata: unknown): void {
  const result = validate(category, metadata, { productId: 'SKU-1', granularity: 'batch' });
  for (const item of [...result.errors, ...result.warnings, ...result.notices]) {
    expect(known.has(item.code)).toBe(true);
    expect(isJsonPointer(item.path ?? '')).toBe(true);
    expect(typeof item.message).toBe('string');
  }
}

describe('validate with the served schemas and rule sets', () => {
  it.each(CATEGORIES)('%s: never throws on any value', (category) => {
    fc.assert(fc.property(fc.anything(), (metadata) => expectWellFormed(category, metadata)));
  });

  it.each(CATEGORIES)('%s: never throws on any JSON object', (category) => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (metadata) =>
        expectWellFormed(category, metadata),
      ),
    );
  });

  it.each(SCHEMA_CATEGORIES)('%s: an empty object reports missing fields, not a crash', (category) => {
    const result = validate(category, {});
    expect(result.errors.every((e) => e.code === 'REQUIRED_FIELD_MISSING')).toBe(true);
  });

  it.each(RULE_CATEGORIES)('%s: the documented valid example passes', (category) => {
    const valid = RULE_SETS[category].examples.find((e) => e.name === 'valid');
    expect(validate(category, valid?.metadata, { productId: '4006381333931' })).toEqual({
      errors: [],
      warnings: [],
      notices: [],
    });
  });

  it('raises PII warnings in rule categories, which are public throughout', () => {
    const metadata = {
      ...RULE_SETS.cosmetics.examples[0]?.metadata,
      warnings: ['Questions? Call +49 171 2345678'],
    };
    expect(validate('cosmetics', metadata).warnings).toMatchObject([
      { code: 'PII_SHAPE_DETECTED', path: '/metadata/warnings/0', params: { kind: 'phone' } },
    ]);
  });

  it('raises PII warnings in schema categories only for public fields', () => {
    const metadata = {
      productInformation: { productName: 'Shirt by jane.doe@example.com' },
      manufacturing: { steps: [{ facilityName: 'Ask jane.doe@example.com' }] },
    };
    const warnings = validate('textiles', metadata).warnings;
    expect(warnings.map((w) => w.path)).toEqual(['/metadata/productInformation/productName']);
  });
});
