import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from './schema-validator.ts';

describe('createSchemaChecker', () => {
  it('compiles a schema once, lazily, however often it validates', () => {
    let reads = 0;
    const schema = { type: 'object', properties: { a: { type: 'integer', 'x-unit': 'kg' } } };
    const schemas = {
      get one() {
        reads++;
        return schema;
      },
    };
    const check = createSchemaChecker(schemas);
    expect(reads).toBe(0);
    for (let i = 0; i < 5; i++) check('one')({ a: i });
    expect(check('one')({ a: 'x' })).toMatchObject([{ code: 'WRONG_TYPE', path: '/metadata/a' }]);
    expect(reads).toBe(1);
  });

  it('tolerates vendor x- keywords but still rejects misspelt real keywords', () => {
    const check = createSchemaChecker({
      ok: { type: 'string', 'x-access': 'public', 'x-anything': { nested: true } },
      typo: { type: 'string', minLenght: 3 },
      badTier: { type: 'string', 'x-access': 'everyone' },
    });
    expect(check('ok')('fine')).toEqual([]);
    expect(() => check('typo')('x')).toThrow(/minLenght/);
    expect(() => check('badTier')('x')).toThrow();
  });

  it('keeps only the branching error of a failed oneOf', () => {
    const check = createSchemaChecker({
      s: {
        type: 'object',
        properties: {
          v: {
            oneOf: [
              { type: 'object', required: ['a'] },
              { type: 'object', required: ['b'] },
            ],
          },
        },
      },
    });
    expect(check('s')({ v: {} })).toMatchObject([{ code: 'INVALID_VALUE', path: '/metadata/v' }]);
  });
});

describe('item limits', () => {
  it('reports the limit for prefixItems with unevaluatedItems false', () => {
    const check = createSchemaChecker({
      tuple: {
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'number' }],
        unevaluatedItems: false,
      },
    });
    expect(check('tuple')(['a', 1, true])).toMatchObject([{ code: 'TOO_MANY_ITEMS', params: { limit: 2 } }]);
  });
});
