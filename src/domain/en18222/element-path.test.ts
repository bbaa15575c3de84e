import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementAt, parseElementIdPath, withElement } from './element-path.ts';
import type { JsonValue } from './merge-patch.ts';

const document: JsonValue = {
  id: 'p-1',
  metadata: {
    carbonFootprint: { total: 68.4 },
    hazardousSubstances: [{ casNumber: '21324-40-3' }, { casNumber: '7440-48-4' }],
    'a.b': { '[c]': 1, 'x/y~z': 2 },
  },
};

describe('parseElementIdPath', () => {
  it.each([
    ['metadata.carbonFootprint.total', ['metadata', 'carbonFootprint', 'total']],
    ['metadata.hazardousSubstances[1].casNumber', ['metadata', 'hazardousSubstances', 1, 'casNumber']],
    ['matrix[0][2]', ['matrix', 0, 2]],
    ['/metadata/a.b/[c]', ['metadata', 'a.b', '[c]']],
    ['/metadata/a.b/x~1y~0z', ['metadata', 'a.b', 'x/y~z']],
  ])('reads %s', (path, tokens) => {
    expect(parseElementIdPath(path)).toEqual({ ok: true, tokens });
  });

  it.each(['', 'metadata..total', 'metadata.', 'list[01]', 'list[-1]', 'a[b]', '/a~2'])(
    'refuses %j',
    (path) => {
      expect(parseElementIdPath(path)).toMatchObject({ ok: false, message: expect.any(String) });
    },
  );
});

describe('elementAt and withElement', () => {
  it('read an element by either spelling', () => {
    const dotted = parseElementIdPath('metadata.hazardousSubstances[1].casNumber');
    const pointer = parseElementIdPath('/metadata/hazardousSubstances/1/casNumber');
    if (!dotted.ok || !pointer.ok) throw new Error('both parse');
    expect(elementAt(document, dotted.tokens)).toBe('7440-48-4');
    expect(elementAt(document, pointer.tokens)).toBe('7440-48-4');
    expect(elementAt(document, ['metadata', 'missing'])).toBeUndefined();
    expect(elementAt(document, ['metadata', 'hazardousSubstances', 2])).toBeUndefined();
    expect(elementAt(document, ['metadata', 'toString'])).toBeUndefined();
  });

  it('replace or add an element without touching the document', () => {
    const before = structuredClone(document);
    const changed = withElement(document, ['metadata', 'carbonFootprint', 'total'], 70);
    expect(elementAt(changed as JsonValue, ['metadata', 'carbonFootprint', 'total'])).toBe(70);
    expect(document).toEqual(before);
    expect(withElement(document, ['metadata', 'carbonFootprint', 'class'], 'B')).toMatchObject({
      metadata: { carbonFootprint: { total: 68.4, class: 'B' } },
    });
    expect(withElement(document, ['metadata', 'missing', 'x'], 1)).toBeUndefined();
    expect(withElement(document, ['metadata', 'hazardousSubstances', 5], 1)).toBeUndefined();
  });

  it('read back what they wrote, anywhere an element exists', () => {
    fc.assert(
      fc.property(
        fc.jsonValue() as fc.Arbitrary<JsonValue>,
        fc.jsonValue() as fc.Arbitrary<JsonValue>,
        (doc, value) => {
          const paths: (string | number)[][] = [];
          const walk = (node: unknown, path: (string | number)[]) => {
            paths.push(path);
            if (Array.isArray(node)) for (const [index, item] of node.entries()) walk(item, [...path, index]);
            else if (node && typeof node === 'object')
              for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
          };
          walk(doc, []);
          for (const path of paths) {
            const written = withElement(doc, path, value);
            expect(written).not.toBeUndefined();
            expect(elementAt(written as JsonValue, path)).toEqual(value);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
