import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeSegment, fieldPointers, pointerSegments, unescapeSegment } from './json-pointer.ts';

function resolve(value: unknown, pointer: string): unknown {
  let node = value;
  for (const segment of pointerSegments(pointer)) node = (node as Record<string, unknown>)[segment];
  return node;
}

describe('JSON pointers', () => {
  it('escapes and unescapes any segment', () => {
    fc.assert(
      fc.property(fc.string(), (segment) => {
        expect(unescapeSegment(escapeSegment(segment))).toBe(segment);
      }),
    );
    expect(escapeSegment('a/b~c')).toBe('a~1b~0c');
  });

  it('names every member of a value, each resolving to a defined value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pointers = fieldPointers(value);
        expect(new Set(pointers).size).toBe(pointers.length);
        for (const pointer of pointers) expect(resolve(value, pointer)).not.toBeUndefined();
      }),
    );
  });

  it('refuses a pointer without a leading slash', () => {
    expect(() => pointerSegments('a/b')).toThrow(TypeError);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/a~1b/0')).toEqual(['a/b', '0']);
  });
});
