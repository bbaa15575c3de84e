// The shapes the no-500 properties walk: a write route with a body it accepts and the fields to
// spoil (each with its hostile class), a route with an id in its path, a list with its query keys;
// and how one field of a valid body is replaced by a hostile value.
import type { FieldKind } from '../helpers/hostile.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Path = (string | number)[];

export interface WriteRoute {
  method: Method;
  url: string;
  admin?: boolean;
  /** A console route: it takes a member's session JWT, not a key. */
  session?: boolean;
  /** A valid body: the mutation replaces one field of it, so checks past the first one are reached. */
  base: () => Record<string, unknown>;
  fields: [Path, FieldKind][];
  /** Bulk routes: how many rows the base body has (a bad row fails alone). */
  rows?: { field: string; count: number };
  /** A POST that computes an answer and stores nothing (the GS1 helpers). */
  readOnly?: boolean;
  /** Told of each accepted write, for routes whose valid body depends on the state it leaves. */
  accepted?: (answer: Record<string, unknown>) => void;
}

export interface PathRoute {
  method: Method;
  url: (id: string) => string;
  admin?: boolean;
  session?: boolean;
  body?: unknown;
}

export interface ListRoute {
  url: string;
  admin?: boolean;
  keys: string[];
}

/** Sets a value at a path of a (fresh) body; the empty path replaces the whole body. */
export function mutate(body: Record<string, unknown>, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let target = body as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) {
    target[step] ??= {};
    target = target[step] as Record<string | number, unknown>;
  }
  target[path[path.length - 1] as string | number] = value;
  return body;
}
