// The part of a metadata document that is checked in full: its first MAX_VALUES_CHECKED values in
// document order, as a copy. Reporting on a megabyte of unknown keys costs ajv a few microseconds
// per error, so the schema check and the personal-data scan look at this copy, while the question
// "is the whole document valid?" is still answered on the whole (schema-validator.ts).
import { escapeSegment } from './pointer.ts';

/** Values (objects, arrays, strings, numbers, booleans, nulls) checked in full; see docs/validation.md. */
export const MAX_VALUES_CHECKED = 2000;

export interface BoundedView {
  /** The first `budget` values of the document, in document order, in containers of the same kind. */
  value: unknown;
  /** Instance paths (RFC 6901, ajv's `instancePath` form) of containers some of whose members were left out. */
  cut: ReadonlySet<string>;
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  source: Container;
  copy: Container;
  keys: readonly string[] | null;
  length: number;
  index: number;
  /** The container holding this one and this one's key in it; null for the document. */
  parent: Frame | null;
  key: string | number;
}

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function emptyLike(value: Container): Container {
  return Array.isArray(value) ? [] : {};
}

function frameOf(source: Container, copy: Container, parent: Frame | null, key: string | number): Frame {
  const keys = Array.isArray(source) ? null : Object.keys(source);
  const length = keys ? keys.length : (source as unknown[]).length;
  return { source, copy, keys, length, index: 0, parent, key };
}

/** A container's instance path, built only for the few cut short (most containers are not). */
function pathOf(frame: Frame): string {
  return frame.parent === null ? '' : `${pathOf(frame.parent)}/${escapeSegment(frame.key)}`;
}

function place(container: Container, key: string | number, value: unknown): void {
  if (Array.isArray(container)) container.push(value);
  // A `__proto__` member assigned as a property would replace the copy's prototype instead.
  else if (key === '__proto__')
    Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
  else container[key] = value;
}

/**
 * The first `budget` values of `value`, or null when it holds no more than that (check it as it
 * is). One pass that enumerates each container once; a small document's copy is simply dropped.
 */
export function boundedView(value: unknown, budget: number = MAX_VALUES_CHECKED): BoundedView | null {
  if (!isContainer(value)) return null;
  const root = emptyLike(value);
  const frames: Frame[] = [frameOf(value, root, null, '')];
  const cut = new Set<string>();
  let left = budget - 1;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    if (frame.index >= frame.length) {
      frames.pop();
      continue;
    }
    if (left === 0) {
      for (const open of frames) if (open.index < open.length) cut.add(pathOf(open));
      break;
    }
    const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
    frame.index++;
    left--;
    const child = (frame.source as Record<string | number, unknown>)[key];
    if (!isContainer(child)) {
      place(frame.copy, key, child);
      continue;
    }
    const copy = emptyLike(child);
    place(frame.copy, key, copy);
    frames.push(frameOf(child, copy, frame, key));
  }
  return cut.size === 0 ? null : { value: root, cut };
}
