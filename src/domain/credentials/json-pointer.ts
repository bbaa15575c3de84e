// JSON pointers (RFC 6901) over plain JSON values: what the selective-disclosure code names fields by.

export const escapeSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
export const unescapeSegment = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** The segments of a pointer; throws on a pointer that does not start with `/` (except ""). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new TypeError(`not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/**
 * The pointer of every member and array element of `value`, containers included, parents before
 * children. Used to name the fields a lower tier shows: what it lists stays public.
 */
export function fieldPointers(value: unknown, prefix = '', out: string[] = [], depth = 0): string[] {
  if (!isContainer(value) || depth > 64) return out;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, child] of entries) {
    const pointer = `${prefix}/${escapeSegment(key)}`;
    out.push(pointer);
    fieldPointers(child, pointer, out, depth + 1);
  }
  return out;
}
