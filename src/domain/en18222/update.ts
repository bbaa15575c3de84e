// What a merge patch on a passport (UpdateDPPById) or on one of its elements (UpdateDataElement)
// asks the passport update to write. Both patch the document as its owner reads it; only the members
// a passport update (`PUT /api/v1/passports/{id}`) can write may change, so everything the node
// derives (ids, URLs, the operator object, seal fields, lifecycle fields, timestamps) is refused with
// its path instead of being silently ignored. Status moves have their own operation.
import { elementAt, type PathToken, withElement } from './element-path.ts';
import { applyMergePatch, type JsonValue } from './merge-patch.ts';

/** Document members an update may write, as the update body names them. */
export const WRITABLE_MEMBERS = [
  'productId',
  'category',
  'originCountry',
  'granularity',
  'commodityCode',
  'metadata',
] as const;
export type WritableMember = (typeof WRITABLE_MEMBERS)[number];

export interface UpdateProblem {
  /** JSON pointer into the document (for a whole-document patch, also into the patch). */
  path: string;
  message: string;
}

export type UpdateFromPatch =
  | { ok: true; body: Partial<Record<WritableMember, JsonValue>>; changed: WritableMember[] }
  | { ok: false; errors: UpdateProblem[] };

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const isWritable = (key: string): key is WritableMember =>
  (WRITABLE_MEMBERS as readonly string[]).includes(key);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Compare the patched document with the original: writable changes become the body. */
function toUpdate(before: Record<string, JsonValue>, after: JsonValue): UpdateFromPatch {
  if (!isObject(after))
    return { ok: false, errors: [{ path: '', message: 'A passport stays a JSON object' }] };
  const errors: UpdateProblem[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const body: Partial<Record<WritableMember, JsonValue>> = {};
  const changed: WritableMember[] = [];
  for (const key of keys) {
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    const is = Object.hasOwn(after, key) ? after[key] : undefined;
    if (same(was, is)) continue;
    if (!isWritable(key)) {
      errors.push({ path: `/${escapeToken(key)}`, message: `'${key}' is not written by an update` });
    } else if (is === undefined && (key === 'productId' || key === 'category' || key === 'metadata')) {
      errors.push({ path: `/${key}`, message: `'${key}' cannot be removed` });
    } else {
      // A removed originCountry is cleared; a removed granularity returns to the default.
      body[key] = is === undefined ? (key === 'granularity' ? 'model' : null) : is;
      changed.push(key);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, body, changed };
}

/** UpdateDPPById: the update a merge patch of the whole document asks for. */
export function updateFromDocumentPatch(
  document: Record<string, JsonValue>,
  patch: JsonValue,
): UpdateFromPatch {
  if (!isObject(patch)) {
    return { ok: false, errors: [{ path: '', message: 'A passport merge patch is a JSON object' }] };
  }
  return toUpdate(document, applyMergePatch(document, patch));
}

/**
 * UpdateDataElement: the update a merge patch of one element asks for. The element must exist
 * (`NOT_FOUND` for the caller otherwise, reported here as `found: false`).
 */
export function updateFromElementPatch(
  document: Record<string, JsonValue>,
  tokens: readonly PathToken[],
  patch: JsonValue,
): UpdateFromPatch | { ok: false; found: false } {
  const current = elementAt(document, tokens);
  if (tokens.length === 0 || current === undefined) return { ok: false, found: false };
  const patched = withElement(document, tokens, applyMergePatch(current, patch));
  if (patched === undefined) return { ok: false, found: false };
  return toUpdate(document, patched);
}
