import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstJsonProblem, MAX_JSON_DEPTH, nestingOf, pointerOf, textIsClean } from './hygiene.ts';

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

describe('nestingOf', () => {
  it('counts brackets outside strings only', () => {
    expect(nestingOf('[[["[[[[[["]]]', 3)).toBe(3);
    expect(nestingOf('[[[[]]]]', 8)).toBe(4);
    expect(nestingOf('{"a":"\\"[[[[[[","b":[{}]}', 8)).toBe(3);
    expect(nestingOf('"text"', 8)).toBe(0);
  });

  it('stops counting past its cap, so a hostile depth costs no more than that', () => {
    expect(nestingOf(`${'['.repeat(5000)}${']'.repeat(5000)}`, 256)).toBe(257);
  });

  it('agrees with the parsed value on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, cap) => {
        const depth = (v: unknown): number =>
          typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
        expect(nestingOf(JSON.stringify(value), cap)).toBe(Math.min(depth(value), cap + 1));
      }),
    );
  });

  it('escapes pointer tokens as RFC 6901 says', () => {
    expect(pointerOf('', 'a/b~c')).toBe('/a~1b~0c');
  });
});

describe('textIsClean', () => {
  it('passes text without escapes or refused characters', () => {
    expect(textIsClean('{"name":"Zellwerk GmbH","list":[1,"é 😀 \\n",null]}')).toBe(true);
  });

  it.each([
    ['a \\u escape', '{"a":"\\u0041"}'],
    ['a bidirectional control', '{"a":"x\u202ey"}'],
    ['a lone surrogate', '{"a":"\ud800"}'],
    ['a __proto__ key', '{"__proto__":{}}'],
  ])('refuses text with %s, which the walk must look at', (_what, text) => {
    expect(textIsClean(text)).toBe(false);
  });

  it('is never wrong: clean text no deeper than allowed parses into a value the walk passes', () => {
    const risky = fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '\u2066', '__proto__', 'a', 'é');
    const text = fc.array(fc.oneof(fc.string(), risky), { maxLength: 4 }).map((parts) => parts.join(''));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(text, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), (parsed, max) => {
        const source = JSON.stringify(parsed);
        fc.pre(nestingOf(source, max) <= max && textIsClean(source));
        expect(firstJsonProblem(JSON.parse(source), '', 0, max)).toBeNull();
      }),
    );
  });
});
