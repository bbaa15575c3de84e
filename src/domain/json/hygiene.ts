// What a JSON value from a client must not carry, checked once for every request body: strings the
// store cannot hold (NUL, unpaired UTF-16 surrogates) or pages must not show (bidirectional
// controls), nesting deeper than ordinary JSON clients
// read back, and `__proto__` keys. The walk is iterative, so a hostile depth cannot overflow it.

/** Levels of objects and arrays a request body may nest; the body itself is level 1. */
export const MAX_JSON_DEPTH = 32;

/** What is wrong, for callers that word it themselves (a page in its language). */
export type JsonProblemKind = 'nul' | 'surrogate' | 'bidi' | 'proto' | 'depth';

export interface JsonProblem {
  /** JSON pointer (RFC 6901) of the offending value or key. */
  path: string;
  message: string;
  kind: JsonProblemKind;
}

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerOf = (base: string, token: string | number) => `${base}/${escapeToken(String(token))}`;

// Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). Names and
// free text end up on pages (a passport's product name, an operator's or a facility's name, a
// workspace's), where one of these reverses what follows it ("Trojan Source"): a name can be made
// to read as another. None of the node's languages is written right to left, so no honest name
// needs them; marks (U+200E, U+200F, U+061C) stay allowed, as they reorder nothing past themselves.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** Why a string from a client cannot be stored or shown as text (its kind and words), or null. */
function stringFault(value: string): { kind: JsonProblemKind; words: string } | null {
  if (value.includes('\u0000')) return { kind: 'nul', words: 'contains a NUL character (\\u0000)' };
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) {
    return { kind: 'surrogate', words: 'contains an unpaired UTF-16 surrogate' };
  }
  const bidi = BIDI_CONTROL.exec(value);
  if (bidi) {
    const code = (bidi[0].codePointAt(0) as number).toString(16).toUpperCase();
    return { kind: 'bidi', words: `contains a bidirectional control character (U+${code})` };
  }
  return null;
}

/** Why a string from a client cannot be stored or shown as text, or null when it can. */
export const stringProblem = (value: string): string | null => stringFault(value)?.words ?? null;

interface Frame {
  node: object;
  /** The object's keys, or null for an array. */
  keys: readonly string[] | null;
  length: number;
  index: number;
  /** Level of the container itself (the body is level 1). */
  level: number;
  /** The container holding this one and this one's key in it; null for the value checked. */
  parent: Frame | null;
  key: string | number;
}

function frameOf(node: object, level: number, parent: Frame | null, key: string | number): Frame {
  const keys = Array.isArray(node) ? null : Object.keys(node);
  return {
    node,
    keys,
    length: keys ? keys.length : (node as unknown[]).length,
    index: 0,
    level,
    parent,
    key,
  };
}

/** The pointer of a member of `frame`'s container, built only for a problem: most bodies have none. */
function memberPath(frame: Frame, key: string | number, root: string): string {
  const base = frame.parent === null ? root : memberPath(frame.parent, frame.key, root);
  return pointerOf(base, key);
}

/**
 * The first problem of `value` in document order, or null. `path` and `depth` place the value inside
 * a larger body, so a row of a bulk body is checked with the pointer and depth it has in the body;
 * `maxDepth` is the nesting allowed (a route may allow more than the default, see json-body.ts).
 * Each container is enumerated once and a member's pointer is only built for a problem (from the
 * chain of containers above it), so the walk costs about what parsing the text did.
 */
export function firstJsonProblem(
  value: unknown,
  path = '',
  depth = 0,
  maxDepth = MAX_JSON_DEPTH,
): JsonProblem | null {
  const deep = (at: string): JsonProblem => ({
    path: at,
    message: `${at || 'the body'} nests deeper than ${maxDepth} levels`,
    kind: 'depth',
  });
  if (typeof value === 'string') {
    const fault = stringFault(value);
    return fault ? { path, message: `${path || 'the body'} ${fault.words}`, kind: fault.kind } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth + 1 > maxDepth) return deep(path);
  const frames: Frame[] = [frameOf(value, depth + 1, null, '')];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    if (frame.index >= frame.length) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
    frame.index++;
    if (typeof key === 'string') {
      if (key === '__proto__') {
        const keyPath = memberPath(frame, key, path);
        return { path: keyPath, message: `${keyPath}: a "__proto__" key is not accepted`, kind: 'proto' };
      }
      const fault = stringFault(key);
      if (fault) {
        const keyPath = memberPath(frame, key, path);
        return { path: keyPath, message: `the key at ${keyPath} ${fault.words}`, kind: fault.kind };
      }
    }
    const child: unknown = (frame.node as Record<string | number, unknown>)[key];
    if (typeof child === 'string') {
      const fault = stringFault(child);
      if (fault) {
        const at = memberPath(frame, key, path);
        return { path: at, message: `${at} ${fault.words}`, kind: fault.kind };
      }
    } else if (typeof child === 'object' && child !== null) {
      if (frame.level + 1 > maxDepth) return deep(memberPath(frame, key, path));
      frames.push(frameOf(child, frame.level + 1, frame, key));
    }
  }
  return null;
}

/**
 * The deepest level of objects and arrays in JSON text (the body itself is level 1), counted only as
 * far as `cap + 1`: a linear scan before parsing, so a body of thousands of levels is refused
 * without building it.
 */
export function nestingOf(text: string, cap: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > cap) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

// What lets a string or key of parsed JSON hold a character `stringProblem` refuses: a `\u` escape,
// the only way JSON text can write NUL (raw control characters are not JSON) and one way to write a
// lone surrogate or a bidirectional control, or such a control itself, raw.
const MAY_HOLD_REFUSED = /\\u|[\u202A-\u202E\u2066-\u2069]/;

/**
 * True when JSON text cannot parse into a value with a problem of its strings or keys that
 * `firstJsonProblem` reports: no `\u` escape, none of the refused characters, no `__proto__`, and
 * no lone surrogate. Nesting is not judged (see nestingOf). A few native scans of the text, where
 * the walk visits every value it parses into: most bodies pass, and are spared the walk.
 */
export function textIsClean(text: string): boolean {
  return (
    !MAY_HOLD_REFUSED.test(text) &&
    !text.includes('__proto__') &&
    (text as string & { isWellFormed(): boolean }).isWellFormed()
  );
}
