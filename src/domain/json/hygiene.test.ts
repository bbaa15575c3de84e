import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstJsonProblem, MAX_JSON_DEPTH, nestsDeeperThan, pointerOf } from './hygiene.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('firstJsonProblem', () => {
  it('accepts ordinary JSON, control characters other than NUL and paired surrogates', () => {
    expect(firstJsonProblem({ a: ['x', 1, null, true, { b: 'tab\there 😀' }], c: 'é' })).toBeNull();
  });

  it('names the pointer of a NUL or an unpaired surrogate, in values and in keys', () => {
    expect(firstJsonProblem({ metadata: { name: 'a\u0000b' } })).toMatchObject({ path: '/metadata/name' });
    expect(firstJsonProblem({ list: ['ok', '\ud800'] })?.path).toBe('/list/1');
    expect(firstJsonProblem({ list: ['ok', '\udc00x'] })?.message).toMatch(/surrogate/);
    expect(firstJsonProblem({ 'a/b~': { 'k\u0000': 1 } })?.path).toBe('/a~1b~0/k\u0000');
    expect(firstJsonProblem('\u0000')?.path).toBe('');
  });

  it('refuses every bidirectional embedding, override and isolate control, and keeps the marks', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const code of controls) {
      const name = `Volt${String.fromCodePoint(code)}Cell`;
      expect(firstJsonProblem({ operator: { name } }), code.toString(16)).toMatchObject({
        path: '/operator/name',
        message: `/operator/name contains a bidirectional control character (U+${code.toString(16).toUpperCase()})`,
      });
    }
    expect(firstJsonProblem({ 'k\u202e': 1 })?.path).toBe('/k\u202e');
    expect(firstJsonProblem({ name: 'left\u200eright\u200f', other: 'عربي' })).toBeNull();
  });

  it('reports the first problem in document order', () => {
    expect(firstJsonProblem({ a: ['\u0000'], b: '\ud800' })?.path).toBe('/a/0');
  });

  it('refuses a __proto__ key wherever it stands', () => {
    const body = JSON.parse('{"a":[{"__proto__":{"polluted":true}}]}');
    expect(firstJsonProblem(body)).toMatchObject({
      path: '/a/0/__proto__',
      message: expect.stringContaining('__proto__'),
    });
  });

  it('takes a higher limit where a caller allows one', () => {
    expect(firstJsonProblem(nested(MAX_JSON_DEPTH + 10), '', 0, 64)).toBeNull();
    expect(firstJsonProblem(nested(65), '', 0, 64)?.message).toMatch(/deeper than 64/);
  });

  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(firstJsonProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(firstJsonProblem(nested(MAX_JSON_DEPTH + 1))?.message).toMatch(/deeper than 32/);
    expect(firstJsonProblem(nested(100_000))).not.toBeNull();
  });

  it('counts depth from the place of a row inside a larger body', () => {
    expect(firstJsonProblem(nested(MAX_JSON_DEPTH - 2), '/passports/3', 2)).toBeNull();
    expect(firstJsonProblem(nested(MAX_JSON_DEPTH - 1), '/passports/3', 2)?.path).toMatch(/^\/passports\/3/);
  });

  it('finds a NUL or lone surrogate placed at any string of arbitrary JSON, value or key', () => {
    // Replaces the n-th string met (values and keys alike) by the poison; the check must find it.
    const poisonAt = (value: unknown, n: number, poison: string) => {
      let seen = 0;
      const walk = (node: unknown): unknown => {
        if (typeof node === 'string') return seen++ === n ? poison : node;
        if (Array.isArray(node)) return node.map(walk);
        if (typeof node === 'object' && node !== null) {
          return Object.fromEntries(
            Object.entries(node).map(([key, item]) => [seen++ === n ? `${key}${poison}` : key, walk(item)]),
          );
        }
        return node;
      };
      const result = walk(value);
      return { result, strings: seen };
    };
    const bad = fc.constantFrom('\u0000', '\ud800', '\udfff', 'x\u0000y', '\u202e', 'a\u2066b');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), bad, fc.nat(), (value, poison, seed) => {
        // Arbitrary JSON may hold a `__proto__` key, itself refused: such values prove nothing here.
        fc.pre(firstJsonProblem(value) === null);
        const { strings } = poisonAt(value, -1, poison);
        fc.pre(strings > 0);
        const { result } = poisonAt(value, seed % strings, poison);
        expect(firstJsonProblem(result)).not.toBeNull();
      }),
    );
  });

  it('never throws on arbitrary values', () => {
    fc.assert(fc.property(fc.anything(), (value) => void firstJsonProblem(value)));
  });
});

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('[[["[[[[[["]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[","b":[{}]}', 3)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(5000)}${']'.repeat(5000)}`, 256)).toBe(true);
  });

  it('agrees with the parsed value on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, max) => {
        const depth = (v: unknown): number =>
          typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
        expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depth(value) > max);
      }),
    );
  });

  it('escapes pointer tokens as RFC 6901 says', () => {
    expect(pointerOf('', 'a/b~c')).toBe('/a~1b~0c');
  });
});
