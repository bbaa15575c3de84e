import { describe, expect, it } from 'vitest';
import { childPointer, fieldLabel, isJsonPointer, pointerSegments } from './pointer.ts';

describe('JSON pointers', () => {
  it('escapes ~ and / in segments', () => {
    expect(childPointer('/metadata', 'a/b~c')).toBe('/metadata/a~1b~0c');
    expect(pointerSegments('/metadata/a~1b~0c')).toEqual(['metadata', 'a/b~c']);
  });

  it('recognises valid pointers', () => {
    expect(isJsonPointer('')).toBe(true);
    expect(isJsonPointer('/')).toBe(true);
    expect(isJsonPointer('/metadata/x~0y/0')).toBe(true);
    expect(isJsonPointer('metadata')).toBe(false);
    expect(isJsonPointer('/a~2')).toBe(false);
  });

  it('labels fields for messages', () => {
    expect(fieldLabel('/metadata/fibreComposition/0/share')).toBe('fibreComposition[0].share');
    expect(fieldLabel('/metadata')).toBe('metadata');
    expect(fieldLabel('/productId')).toBe('productId');
  });
});
