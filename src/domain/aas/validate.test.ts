import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idShortsFor } from './json-elements.ts';
import { MAX_ENVIRONMENT_ERRORS, validateEnvironment } from './validate.ts';

const submodel = (elements: unknown[], extra: Record<string, unknown> = {}) => ({
  submodels: [{ modelType: 'Submodel', id: 'urn:example:sm', submodelElements: elements, ...extra }],
});

describe('validateEnvironment', () => {
  it('accepts the empty environment and gives back aas-core objects', () => {
    const result = validateEnvironment({});
    expect(result.ok).toBe(true);
  });

  it('refuses what is not a JSON object at the root', () => {
    for (const value of [null, [], 'x', 1]) {
      expect(validateEnvironment(value)).toEqual({
        ok: false,
        errors: [{ path: '', message: 'An environment is a JSON object' }],
      });
    }
  });

  it('names each problem by its JSON pointer, unknown members included', () => {
    const result = validateEnvironment(
      submodel([{ modelType: 'Property', idShort: 'a', valueType: 'xs:int', value: 'x' }], { 'a/b': 1 }),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: '/submodels/0/a~1b', message: "Unexpected member 'a/b'" },
        { path: '/submodels/0/submodelElements/0', message: 'Value must be consistent with the value type.' },
      ],
    });
  });

  it('reports a deserialisation problem where it is', () => {
    expect(validateEnvironment(submodel([{ modelType: 'Property', idShort: 'a' }]))).toEqual({
      ok: false,
      errors: [{ path: '/submodels/0/submodelElements/0', message: expect.stringMatching(/valueType/) }],
    });
  });

  it('refuses nesting past the limit before reading it', () => {
    let element: Record<string, unknown> = { modelType: 'SubmodelElementCollection', idShort: 'a' };
    for (let i = 0; i < 5000; i += 1) {
      element = { modelType: 'SubmodelElementCollection', idShort: 'a', value: [element] };
    }
    const result = validateEnvironment(submodel([element]));
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: expect.stringMatching(/^\/submodels\/0\/submodelElements\/0(\/value\/0)+$/),
          message: 'Nested deeper than 128 levels',
        },
      ],
    });
  });

  it('stops at a bounded number of problems', () => {
    const elements = Array.from({ length: 300 }, (_, i) => ({
      modelType: 'Property',
      idShort: `p${i}`,
      valueType: 'xs:int',
      value: 'x',
    }));
    const result = validateEnvironment(submodel(elements));
    expect(result.ok ? 0 : result.errors.length).toBe(MAX_ENVIRONMENT_ERRORS);
  });
});

describe('idShortsFor', () => {
  it('keeps valid keys and derives distinct valid idShorts for the others', () => {
    expect(idShortsFor(['id', '@id', '@type', 'type_', '1st', 'a-b', 'a_b', ''])).toEqual([
      'id',
      'id_2',
      'type',
      'type_',
      'k1st',
      'a_b_2',
      'a_b',
      'k',
    ]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 200 }), { maxLength: 12 }), (keys) => {
        const idShorts = idShortsFor(keys);
        expect(new Set(idShorts).size).toBe(keys.length);
        for (const idShort of idShorts) expect(idShort).toMatch(/^[a-zA-Z][a-zA-Z0-9_]{0,127}$/);
      }),
    );
  });
});
