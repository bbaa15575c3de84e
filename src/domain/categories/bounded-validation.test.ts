// Validation of hostile metadata: bounded findings, no recursion on input, and a bounded report
// that never claims what a complete one would not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_VALUES_CHECKED } from './bounded-view.ts';
import { MAX_FINDINGS, validate } from './engine.ts';
import { createSchemaChecker } from './schema-validator.ts';
import { categorySchemas } from './schemas/index.ts';
import { CATEGORIES } from './types.ts';

const batteryExample = (categorySchemas.batteries.examples as Record<string, unknown>[])[0] as Record<
  string,
  unknown
>;

function unknownKeys(count: number): Record<string, number> {
  const metadata: Record<string, number> = {};
  for (let i = 0; i < count; i++) metadata[`k${i}`] = i;
  return metadata;
}

const codes = (items: readonly { code: string; path?: string }[]) => items.map((i) => `${i.code} ${i.path}`);

describe('validation of hostile metadata', () => {
  const many = unknownKeys(280_000);

  it.each(CATEGORIES)(
    '%s: 280,000 unknown fields give at most 1,000 findings, marked truncated',
    (category) => {
      const result = validate(category, many);
      expect(result.errors.length).toBeGreaterThan(0);
      expect(result.errors.length + result.warnings.length + result.notices.length).toBeLessThanOrEqual(
        MAX_FINDINGS,
      );
      expect(result.truncated).toBe(true);
      expect(result.errors.map((e) => e.code)).toContain('UNKNOWN_FIELD');
    },
  );

  it('still names a required field the document lacks when the rest is cut short', () => {
    const result = validate('batteries', many);
    expect(result.errors[0]).toMatchObject({
      code: 'REQUIRED_FIELD_MISSING',
      path: '/metadata/generalInformation',
    });
  });

  it('never accepts a large document whose only error lies beyond the part reported in full', () => {
    const metadata = structuredClone(batteryExample) as Record<string, Record<string, unknown>>;
    const urls = Array.from({ length: MAX_VALUES_CHECKED * 2 }, (_, i) => `https://lab.example/r/${i}`);
    urls.push('not a url');
    (metadata.supplyChainDueDiligence as Record<string, unknown>).thirdPartyAssuranceUrls = urls;
    const result = validate('batteries', metadata);
    expect(codes(result.errors)).toEqual([
      `INVALID_FORMAT /metadata/supplyChainDueDiligence/thirdPartyAssuranceUrls/${urls.length - 1}`,
    ]);
    expect(result.truncated).toBe(true);
  });

  it('accepts a large valid document, saying its personal-data scan covered only part of it', () => {
    const metadata = structuredClone(batteryExample) as Record<string, Record<string, unknown>>;
    (metadata.supplyChainDueDiligence as Record<string, unknown>).thirdPartyAssuranceUrls = Array.from(
      { length: MAX_VALUES_CHECKED * 2 },
      (_, i) => `https://lab.example/r/${i}`,
    );
    const result = validate('batteries', metadata);
    expect(result.errors).toEqual([]);
    expect(result.truncated).toBe(true);
  });

  it('reports a small document in full, without truncated', () => {
    const result = validate('batteries', { ...batteryExample, surprise: 1 });
    expect(codes(result.errors)).toEqual(['UNKNOWN_FIELD /metadata/surprise']);
    expect(result).not.toHaveProperty('truncated');
  });

  it('walks a 1,000,000-character string and 100,000 levels of nesting without recursion', () => {
    let deep: unknown = 'jane.doe@example.com';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    for (const category of CATEGORIES) {
      expect(() => validate(category, { deep, long: 'x'.repeat(1_000_000) })).not.toThrow();
    }
  });
});

describe('a report cut short to its first values', () => {
  const full = createSchemaChecker(categorySchemas, { viewBudget: Number.POSITIVE_INFINITY })('batteries');
  // A few budgets, each compiled once: compiling the schema takes far longer than checking with it.
  const BUDGETS = [1, 3, 10, 30, 100, 300] as const;
  const checkers = new Map(
    BUDGETS.map((budget) => [
      budget,
      createSchemaChecker(categorySchemas, { viewBudget: budget })('batteries'),
    ]),
  );

  // Mutations of a valid battery passport: members dropped, unknown ones added, values replaced,
  // list entries repeated, so documents sit near the schema where the cut matters.
  const mutated = fc
    .array(
      fc.tuple(fc.nat(), fc.constantFrom('drop', 'add', 'replace', 'repeat'), fc.jsonValue({ maxDepth: 2 })),
      { maxLength: 8 },
    )
    .map((mutations) => {
      const document = structuredClone(batteryExample) as Record<string, unknown>;
      for (const [at, kind, value] of mutations) {
        const containers: (Record<string, unknown> | unknown[])[] = [];
        const stack: unknown[] = [document];
        while (stack.length > 0) {
          const node = stack.pop();
          if (typeof node !== 'object' || node === null) continue;
          containers.push(node as Record<string, unknown>);
          stack.push(...Object.values(node));
        }
        const target = containers[at % containers.length] as Record<string, unknown> | unknown[];
        const keys = Object.keys(target);
        const key = keys[at % Math.max(1, keys.length)];
        if (Array.isArray(target)) {
          if (kind === 'repeat' && target.length > 0)
            target.push(structuredClone(target[at % target.length]));
          else if (kind === 'drop') target.splice(at % Math.max(1, target.length), 1);
          else target.push(value);
        } else if (kind === 'drop' && key !== undefined) delete target[key];
        else if (kind === 'replace' && key !== undefined) target[key] = value;
        else target[`x${at}`] = value;
      }
      return document;
    });

  it('reports only errors the complete report has, and some error exactly when it has one', () => {
    fc.assert(
      fc.property(mutated, fc.constantFrom(...BUDGETS), (document, budget) => {
        const bounded = checkers.get(budget) as typeof full;
        const complete = new Set(codes(full(document)));
        const reported = codes(bounded(document));
        for (const item of reported) expect(complete).toContain(item);
        expect(reported.length > 0).toBe(complete.size > 0);
      }),
      { numRuns: 200 },
    );
  });
});
