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
  path: string;
}

function frameOf(node: object, path: string, level: number): Frame {
  const keys = Array.isArray(node) ? null : Object.keys(node);
  return { node, keys, length: keys ? keys.length : (node as unknown[]).length, index: 0, level, path };
}

/**
 * The first problem of `value` in document order, or null. `path` and `depth` place the value inside
 * a larger body, so a row of a bulk body is checked with the pointer and depth it has in the body;
 * `maxDepth` is the nesting allowed (a route may allow more than the default, see json-body.ts).
 * Each container is enumerated once and a member's pointer is only built for a problem, so the
 * walk costs about what parsing the text did.
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
  const frames: Frame[] = [frameOf(value, path, depth + 1)];
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
        const keyPath = pointerOf(frame.path, key);
        return { path: keyPath, message: `${keyPath}: a "__proto__" key is not accepted`, kind: 'proto' };
      }
      const fault = stringFault(key);
      if (fault) {
        const keyPath = pointerOf(frame.path, key);
        return { path: keyPath, message: `the key at ${keyPath} ${fault.words}`, kind: fault.kind };
      }
    }
    const child: unknown = (frame.node as Record<string | number, unknown>)[key];
    if (typeof child === 'string') {
      const fault = stringFault(child);
      if (fault) {
        const at = pointerOf(frame.path, key);
        return { path: at, message: `${at} ${fault.words}`, kind: fault.kind };
      }
    } else if (typeof child === 'object' && child !== null) {
      const at = pointerOf(frame.path, key);
      if (frame.level + 1 > maxDepth) return deep(at);
      frames.push(frameOf(child, at, frame.level + 1));
    }
  }
  return null;
}

/**
 * True when JSON text nests deeper than `max` levels: a linear scan before parsing, so a body of
 * thousands of levels is refused without building it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
