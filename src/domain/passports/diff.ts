// What changed between two versions of a passport document, as a list of JSON Pointers with the
// value before and after: leaves are compared, so a changed nested field is named precisely.
// Arrays are compared by index (a version's lists are ordered as they were submitted).

export interface Change {
  /** RFC 6901 JSON Pointer of the changed leaf (or of a whole added or removed subtree). */
  path: string;
  /** Absent when the value was added. */
  before?: unknown;
  /** Absent when the value was removed. */
  after?: unknown;
}

const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

function walk(before: unknown, after: unknown, path: string, out: Change[]): void {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort()) {
      const inBefore = Object.hasOwn(before, key);
      const inAfter = Object.hasOwn(after, key);
      const child = `${path}/${pointerSegment(key)}`;
      const left = (before as Record<string, unknown>)[key];
      const right = (after as Record<string, unknown>)[key];
      if (inBefore && inAfter) walk(left, right, child, out);
      else if (inBefore) out.push({ path: child, before: left });
      else out.push({ path: child, after: right });
    }
    return;
  }
  if (!Object.is(before, after)) out.push({ path, before, after });
}

/** The changes that turn `before` into `after`, in pointer order; empty when they are equal. */
export function documentChanges(before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  walk(before, after, '', out);
  return out;
}
