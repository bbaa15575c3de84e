// What a seal covers: the passport document minus the seal itself, the masked-view marker and the
// lifecycle fields, split into one leaf per JSON pointer of a scalar value. Leaves are ordered by
// path so that object key order never matters, while array order does (indices are in the path).
import { escapeSegment } from '../categories/pointer.ts';

/**
 * Top-level fields outside the seal: the seal's own fields, the marker of a masked view, and the
 * lifecycle fields a recall or an archive changes without changing the product data.
 */
export const SEAL_EXCLUDED_FIELDS = Object.freeze([
  'digitalSeal',
  'signingPublicKey',
  'proof',
  'restrictedData',
  'status',
  'dppStatus',
  'lastUpdated',
  'updatedAt',
  'archivedAt',
  'retentionUntil',
] as const);

/**
 * Top-level fields a node adds to its owner's read beside the sealed document (the version's hash
 * and its backup state, docs/backup.md). They are never part of a sealed document, so they are
 * outside every seal without being in the format's `proof.excludedFields` set.
 */
export const OWNER_ANNOTATION_FIELDS = Object.freeze(['versionHash', 'backupUri', 'backup'] as const);

const EXCLUDED: ReadonlySet<string> = new Set([...SEAL_EXCLUDED_FIELDS, ...OWNER_ANNOTATION_FIELDS]);

/** A scalar JSON value, or an empty object / empty array standing for itself. */
export type LeafValue = string | number | boolean | null | Record<string, never> | never[];

export interface Leaf {
  /** RFC 6901 pointer from the document root. */
  path: string;
  value: LeafValue;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function collect(value: unknown, path: string, out: Leaf[]): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    out.push({ path, value });
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} holds a number JSON cannot carry`);
    out.push({ path, value });
  } else if (Array.isArray(value)) {
    if (value.length === 0) out.push({ path, value: [] });
    value.forEach((item, index) => {
      if (item === undefined) throw new TypeError(`${path}/${index} is undefined, which is not JSON`);
      collect(item, childPointer(path, index), out);
    });
  } else if (isPlainObject(value)) {
    // A member whose value is undefined is absent from the JSON text, so it is absent here too.
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    if (keys.length === 0) out.push({ path, value: {} });
    for (const key of keys) collect(value[key], childPointer(path, key), out);
  } else {
    throw new TypeError(`${path || 'the document'} holds a ${typeof value}, which is not JSON`);
  }
}

// Most keys need no escaping; testing first keeps the walk cheap on large documents.
const childPointer = (base: string, segment: string | number) =>
  typeof segment === 'number' || !/[~/]/.test(segment)
    ? `${base}/${segment}`
    : `${base}/${escapeSegment(segment)}`;

/** Compares paths by UTF-16 code units, the order JavaScript's default sort uses. */
export const comparePaths = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every leaf of the sealable part of a document, ordered by path. The document itself must be a
 * JSON object; its excluded top-level fields are skipped whatever they hold.
 */
export function sealableLeaves(document: unknown): Leaf[] {
  if (!isPlainObject(document)) throw new TypeError('a sealed document is a JSON object');
  const out: Leaf[] = [];
  for (const key of Object.keys(document)) {
    if (EXCLUDED.has(key) || document[key] === undefined) continue;
    collect(document[key], childPointer('', key), out);
  }
  return out.sort((a, b) => comparePaths(a.path, b.path));
}

/** The empty object or empty array leaf value, as opposed to a scalar. */
export const isEmptyContainer = (value: LeafValue): value is Record<string, never> | never[] =>
  typeof value === 'object' && value !== null;
