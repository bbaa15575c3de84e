// EN 18222 ReadDataElement / UpdateDataElement address one element of a passport by an
// `elementIdPath`. Ours takes two spellings: the AAS idShortPath style (`metadata.carbonFootprint.total`,
// `metadata.materialComposition.hazardousSubstances[0].casNumber`), and, for keys that hold a dot or
// a bracket, an RFC 6901 JSON pointer (`/metadata/a.b`). Both address the passport document as its
// owner reads it.
import type { JsonValue } from './merge-patch.ts';

export type PathToken = string | number;

export type ParsedElementPath = { ok: true; tokens: PathToken[] } | { ok: false; message: string };

const SEGMENT = /^([^.[\]]+)((?:\[\d+\])*)$/;

function parsePointer(pointer: string): ParsedElementPath {
  const tokens: PathToken[] = pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (/~(?![01])/.test(pointer)) return { ok: false, message: 'A JSON pointer escapes only ~0 and ~1' };
  return { ok: true, tokens };
}

/** The tokens of an elementIdPath (array indices as numbers in the dotted form only). */
export function parseElementIdPath(path: string): ParsedElementPath {
  if (path === '') return { ok: false, message: 'An elementIdPath names at least one element' };
  if (path.startsWith('/')) return parsePointer(path);
  const tokens: PathToken[] = [];
  for (const segment of path.split('.')) {
    const match = SEGMENT.exec(segment);
    if (!match) return { ok: false, message: `'${segment}' is not a key optionally followed by [index]` };
    tokens.push(match[1] as string);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) {
      const value = Number(index[1]);
      if (!Number.isSafeInteger(value) || ((index[1] as string).length > 1 && index[1]?.startsWith('0'))) {
        return { ok: false, message: `'${index[0]}' is not an array index` };
      }
      tokens.push(value);
    }
  }
  return { ok: true, tokens };
}

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function child(node: JsonValue | undefined, token: PathToken): JsonValue | undefined {
  if (Array.isArray(node)) {
    const index = typeof token === 'number' ? token : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
    return index >= 0 && index < node.length ? node[index] : undefined;
  }
  if (isObject(node) && typeof token === 'string' && Object.hasOwn(node, token)) return node[token];
  return undefined;
}

/** The element at the path, or undefined when the document has none there. */
export function elementAt(document: JsonValue, tokens: readonly PathToken[]): JsonValue | undefined {
  let node: JsonValue | undefined = document;
  for (const token of tokens) {
    node = child(node, token);
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * The document with the element at the path replaced (or, for an object member whose parent exists,
 * added). Undefined when the parent does not exist or an array index is out of range. Pure.
 */
export function withElement(
  document: JsonValue,
  tokens: readonly PathToken[],
  value: JsonValue,
): JsonValue | undefined {
  if (tokens.length === 0) return value;
  const [token, ...rest] = tokens as [PathToken, ...PathToken[]];
  if (Array.isArray(document)) {
    const index = typeof token === 'number' ? token : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
    if (index < 0 || index >= document.length) return undefined;
    const replaced = withElement(document[index] as JsonValue, rest, value);
    if (replaced === undefined) return undefined;
    return document.map((item, at) => (at === index ? replaced : item));
  }
  if (!isObject(document) || typeof token !== 'string') return undefined;
  const current = Object.hasOwn(document, token) ? document[token] : undefined;
  if (current === undefined && rest.length > 0) return undefined;
  const replaced = withElement(current as JsonValue, rest, value);
  if (replaced === undefined) return undefined;
  const result: Record<string, JsonValue> = {};
  for (const [key, member] of Object.entries(document)) {
    Object.defineProperty(result, key, {
      value: member,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  Object.defineProperty(result, token, {
    value: replaced,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return result;
}
