import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Change, documentChanges } from './diff.ts';

/** Applies changes to a copy of a document: what the diff claims must rebuild `after`. */
function apply(document: unknown, changes: Change[]): unknown {
  let root = structuredClone(document);
  for (const change of changes) {
    const segments = change.path
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (segments.length === 0) {
      root = change.after;
      continue;
    }
    let parent = root as Record<string, unknown>;
    for (const segment of segments.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
    const last = segments.at(-1) as string;
    if ('after' in change) parent[last] = change.after;
    else if (Array.isArray(parent)) parent.length = Math.min(parent.length, Number(last));
    else delete parent[last];
  }
  return root;
}

describe('documentChanges', () => {
  it('names changed, added and removed leaves by JSON Pointer', () => {
    const before = { status: 'ACTIVE', metadata: { capacity: 50, 'a/b': 1 }, tags: ['x'] };
    const after = { status: 'RECALLED', metadata: { capacity: 50, chemistry: 'LFP' }, tags: ['x', 'y'] };
    expect(documentChanges(before, after)).toEqual([
      { path: '/metadata/a~1b', before: 1 },
      { path: '/metadata/chemistry', after: 'LFP' },
      { path: '/status', before: 'ACTIVE', after: 'RECALLED' },
      { path: '/tags/1', after: 'y' },
    ]);
  });

  it('finds nothing between a document and itself, and rebuilds any change', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, (value) => {
        expect(documentChanges(value, structuredClone(value))).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 5 }),
        fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 5 }),
        (before, after) => {
          expect(apply(before, documentChanges(before, after))).toEqual(after);
        },
      ),
    );
  });
});
