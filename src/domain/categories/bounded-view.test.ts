import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedView } from './bounded-view.ts';

/** Values of a JSON document in document order, as [instance path, leaf or container kind]. */
function values(document: unknown, path = ''): string[] {
  const out: string[] = [];
  const stack: [unknown, string][] = [[document, path]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [unknown, string];
    if (typeof node !== 'object' || node === null) {
      out.push(`${at}=${JSON.stringify(node)}`);
      continue;
    }
    out.push(`${at}:${Array.isArray(node) ? '[]' : '{}'}`);
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      stack.push([child, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
    }
  }
  return out;
}

describe('boundedView', () => {
  it('is null for a document within the budget: it is checked as it is', () => {
    expect(boundedView({ a: [1, 2], b: { c: 'x' } }, 6)).toBeNull();
    expect(boundedView('text', 1)).toBeNull();
  });

  it('keeps the first values in document order and names the containers it cut short', () => {
    const view = boundedView({ a: [1, 2, 3], b: { c: 'x' }, d: 4 }, 4);
    expect(view?.value).toEqual({ a: [1, 2] });
    expect([...(view?.cut ?? [])].sort()).toEqual(['', '/a']);
  });

  it('copies a "__proto__" member as a member, never as the prototype', () => {
    const document = JSON.parse('{"__proto__":{"polluted":true},"a":1,"b":2}');
    const view = boundedView(document, 4);
    expect(Object.getPrototypeOf(view?.value)).toBe(Object.prototype);
    expect(Object.keys(view?.value as object)).toEqual(['__proto__', 'a']);
  });

  it('walks 100,000 levels of nesting without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    const view = boundedView(deep, 10);
    // Each container keeps its one member but the tenth, whose member was left out.
    expect([...(view?.cut ?? [])]).toEqual(['/d'.repeat(9)]);
  });

  it('holds exactly the first budget values of any larger document, and is null for any smaller one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (document, budget) => {
        const all = values(document);
        const view = boundedView(document, budget);
        if (all.length <= budget || typeof document !== 'object' || document === null) {
          expect(view).toBeNull();
          return;
        }
        expect(values(view?.value)).toEqual(all.slice(0, budget));
        // Every cut container is a container of the document, with more members than the view kept.
        for (const path of view?.cut ?? []) {
          expect(all.some((v) => v === `${path}:[]` || v === `${path}:{}`)).toBe(true);
        }
      }),
    );
  });
});
