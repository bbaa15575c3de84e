import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMergePatch, createMergePatch, type JsonValue } from './merge-patch.ts';

// JSON without null object members: what a merge patch can produce.
const noNullMembers: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.array(fc.oneof(tie('value'), fc.constant(null)), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', 'x.y'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('applyMergePatch', () => {
  // RFC 7396 Appendix A, every row.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ] as [JsonValue, JsonValue, JsonValue][])('%j patched with %j is %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('modifies neither argument and shares nothing with the patch', () => {
    const target = { a: { b: 1 }, list: [1] };
    const patch = { a: { c: 2 }, d: { e: [3] } };
    const result = applyMergePatch(target, patch) as Record<string, Record<string, unknown>>;
    expect(target).toEqual({ a: { b: 1 }, list: [1] });
    expect(patch).toEqual({ a: { c: 2 }, d: { e: [3] } });
    expect(result.d).not.toBe(patch.d);
    expect(result.d?.e).not.toBe(patch.d.e);
  });

  it('keeps member order and adds new members last', () => {
    const result = applyMergePatch({ a: 1, b: 2, c: 3 }, { d: 4, b: 5 });
    expect(Object.keys(result as object)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('makes a __proto__ member an own member, never the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}');
    const result = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('turns any document into any other through the patch between them', () => {
    fc.assert(
      fc.property(noNullMembers, noNullMembers, (from, to) => {
        const patch = createMergePatch(from, to);
        expect(patch === undefined ? from : applyMergePatch(from, patch)).toEqual(to);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.jsonValue() as fc.Arbitrary<JsonValue>,
        fc.jsonValue() as fc.Arbitrary<JsonValue>,
        (target, patch) => {
          const once = applyMergePatch(target, patch);
          expect(applyMergePatch(once, patch)).toEqual(once);
        },
      ),
    );
  });
});
