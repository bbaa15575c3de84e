// Values a passport holds that nobody has confirmed yet: taken from a category's example or copied
// from another passport (docs/passports.md, "Unconfirmed values"). A marker is a JSON pointer into
// the passport body and where its value came from. Publishing is refused while any stands, so that
// nothing a person never looked at is published as a fact.
import { childPointer, pointerSegments } from '../categories/pointer.ts';

export const ORIGINS = ['example', 'copied'] as const;
export type Origin = (typeof ORIGINS)[number];
export interface Unconfirmed {
  path: string;
  origin: Origin;
}

/** At most this many markers on one passport: far more than the largest category's fields. */
export const MAX_UNCONFIRMED = 5000;

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a pointer into a passport body, or undefined where there is none. */
export function valueAt(body: Json, pointer: string): Json {
  let node: Json = body;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/**
 * The pointers of every value under `base`: each string, number and boolean, and each list of
 * them as one value (a list of chemistries is read, and changed, as a whole).
 */
export function leafPointers(value: Json, base: string): string[] {
  if (Array.isArray(value)) {
    if (value.every((item) => !isObject(item) && !Array.isArray(item))) return value.length > 0 ? [base] : [];
    return value.flatMap((item, index) => leafPointers(item, childPointer(base, index)));
  }
  if (isObject(value))
    return Object.entries(value).flatMap(([key, item]) => leafPointers(item, childPointer(base, key)));
  return value === null || value === undefined ? [] : [base];
}

/** Markers for every value of these parts of a body, all of one origin, but those `except` names. */
export function markAll(
  body: Record<string, Json>,
  origin: Origin,
  parts: readonly string[],
  except: (path: string) => boolean = () => false,
): Unconfirmed[] {
  return parts
    .flatMap((part) => leafPointers(valueAt(body, part), part))
    .filter((path) => !except(path))
    .map((path) => ({ path, origin }));
}

/** Where a marker may point: the origin country, or a value of the metadata. */
const MARKABLE = /^\/(originCountry|metadata\/.+)$/;

/**
 * The markers a create body carries, checked against the body: a list of `{ path, origin }` whose
 * paths name values the passport holds. Returns a message for the first thing wrong instead.
 */
export function readUnconfirmed(input: Json, body: Record<string, Json>): Unconfirmed[] | string {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return 'unconfirmed must be a list of { path, origin }';
  if (input.length > MAX_UNCONFIRMED) return `unconfirmed holds more than ${MAX_UNCONFIRMED} paths`;
  const seen = new Map<string, Unconfirmed>();
  for (const [index, item] of input.entries()) {
    const where = `unconfirmed[${index}]`;
    if (!isObject(item) || typeof item.path !== 'string') return `${where}.path must be a JSON pointer`;
    if (!ORIGINS.includes(item.origin as Origin)) return `${where}.origin must be example or copied`;
    if (!MARKABLE.test(item.path))
      return `${where}.path must point at /originCountry or into /metadata (${item.path})`;
    const value = valueAt(body, item.path);
    if (value === undefined || value === null)
      return `${where}.path names no value of the passport (${item.path})`;
    seen.set(item.path, { path: item.path, origin: item.origin as Origin });
  }
  return [...seen.values()];
}

/** Whether some list on the way to `path` has another length in `after` than in `before`. */
function listMoved(before: Json, after: Json, path: string): boolean {
  const segments = path.slice(1).split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const at = `/${segments.slice(0, depth).join('/')}`;
    const was = valueAt(before, at);
    const is = valueAt(after, at);
    if (Array.isArray(was) && Array.isArray(is) && was.length !== is.length) return true;
  }
  return false;
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The markers that still stand after a write from `before` to `after` (two passport bodies). A
 * value changed is confirmed; a value gone leaves nothing behind. Where an item was added to or
 * removed from a list on the way, the items after it have moved: their markers stay, on the safe
 * side, since the value now at a position may be another unconfirmed one.
 */
export function carryForward(markers: readonly Unconfirmed[], before: Json, after: Json): Unconfirmed[] {
  return markers.filter((marker) => {
    const now = valueAt(after, marker.path);
    if (now === undefined || now === null) return false;
    if (listMoved(before, after, marker.path)) return true;
    return same(valueAt(before, marker.path), now);
  });
}

/** The markers left once everything under these paths is confirmed (`""` confirms all). */
export function confirmUnder(markers: readonly Unconfirmed[], paths: readonly string[]): Unconfirmed[] {
  const under = (path: string) => paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return markers.filter((marker) => !under(marker.path));
}
