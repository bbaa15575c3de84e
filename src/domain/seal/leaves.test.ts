import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEAL_EXCLUDED_FIELDS, sealableLeaves } from './leaves.ts';

describe('sealable leaves', () => {
  it('has one leaf per scalar, arrays indexed, empty containers as leaves, in path order', () => {
    const leaves = sealableLeaves({
      b: [true, null, { c: 1.5 }],
      a: 'x',
      e: {},
      f: [],
      g: { h: [[]] },
    });
    expect(leaves).toEqual([
      { path: '/a', value: 'x' },
      { path: '/b/0', value: true },
      { path: '/b/1', value: null },
      { path: '/b/2/c', value: 1.5 },
      { path: '/e', value: {} },
      { path: '/f', value: [] },
      { path: '/g/h/0', value: [] },
    ]);
  });

  it('escapes ~ and / in keys as RFC 6901 says, and keeps the empty key', () => {
    expect(sealableLeaves({ 'a/b': 1, 'm~n': 2, '': 3, x: { '': 4 } }).map((leaf) => leaf.path)).toEqual([
      '/',
      '/a~1b',
      '/m~0n',
      '/x/',
    ]);
  });

  it('orders paths by UTF-16 code units, not by locale or code point', () => {
    const paths = sealableLeaves({ é: 1, z: 2, Z: 3, '\u{1F600}': 4, '\uFFFF': 5, '10': 6, '9': 7 }).map(
      (leaf) => leaf.path,
    );
    expect(paths).toEqual(['/10', '/9', '/Z', '/z', '/é', '/\u{1F600}', '/\uFFFF']);
  });

  it('skips the excluded top-level fields, only at the top level', () => {
    const document: Record<string, unknown> = { id: 'p1', nested: { status: 'kept' } };
    for (const field of SEAL_EXCLUDED_FIELDS) document[field] = { anything: [1, 2] };
    expect(sealableLeaves(document)).toEqual([
      { path: '/id', value: 'p1' },
      { path: '/nested/status', value: 'kept' },
    ]);
    expect(SEAL_EXCLUDED_FIELDS).toEqual([
      'digitalSeal',
      'signingPublicKey',
      'proof',
      'restrictedData',
      'status',
      'dppStatus',
      'lastUpdated',
      'updatedAt',
      'archivedAt',
      'retentionUntil',
    ]);
  });

  it('treats an undefined member as absent, as JSON text does', () => {
    expect(sealableLeaves({ a: 1, b: undefined, c: { d: undefined } })).toEqual([
      { path: '/a', value: 1 },
      { path: '/c', value: {} },
    ]);
  });

  it('refuses what is not JSON', () => {
    expect(() => sealableLeaves([1, 2])).toThrow(TypeError);
    expect(() => sealableLeaves('text')).toThrow(TypeError);
    expect(() => sealableLeaves({ a: Number.NaN })).toThrow(TypeError);
    expect(() => sealableLeaves({ a: Number.POSITIVE_INFINITY })).toThrow(TypeError);
    expect(() => sealableLeaves({ a: new Date() })).toThrow(TypeError);
    expect(() => sealableLeaves({ a: () => 1 })).toThrow(TypeError);
    expect(() => sealableLeaves({ a: [undefined] })).toThrow(TypeError);
    expect(() => sealableLeaves({ a: 1n })).toThrow(TypeError);
  });

  it('does not depend on object key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(sealableLeaves(reversed)).toEqual(sealableLeaves(object));
      }),
    );
  });

  it('round-trips through JSON text (-0 reads back as 0; both hash as 0)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), (object) => {
        const text = JSON.stringify(object);
        expect(JSON.stringify(sealableLeaves(JSON.parse(text)))).toBe(JSON.stringify(sealableLeaves(object)));
      }),
    );
  });
});
