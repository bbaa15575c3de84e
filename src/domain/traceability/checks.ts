// Small building blocks for the EPCIS checks: JSON pointers, the problem list, and the URI and
// date-time tests. The formats are the ones of ajv-formats' full mode, so a value we call a URI or a
// date-time is exactly what a JSON Schema validator using those formats calls one.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Problem } from './types.ts';

export type Json = Record<string, unknown>;

/** At most this many problems are reported for one body; the walk stops adding beyond it. */
export const MAX_PROBLEMS = 100;

const uriFormat = fullFormats.uri as (value: string) => boolean;
const dateTimeFormat = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isUri = (value: unknown): value is string => typeof value === 'string' && uriFormat(value);

export function at(base: string, segment: string | number): string {
  return `${base}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** Collects problems; `report` returns false so that checks can `return out.report(...)`. */
export interface Problems {
  readonly list: Problem[];
  report(path: string, message: string): false;
}

export function collectProblems(): Problems {
  const list: Problem[] = [];
  return {
    list,
    report(path, message) {
      if (list.length < MAX_PROBLEMS) list.push({ path, message });
      return false;
    },
  };
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

export function requireObject(value: unknown, path: string, out: Problems, what: string): value is Json {
  return isObject(value) || out.report(path, `${what} must be an object, not ${describe(value)}`);
}

export function checkUri(value: unknown, path: string, out: Problems, what: string): value is string {
  if (typeof value !== 'string')
    return out.report(path, `${what} must be a URI string, not ${describe(value)}`);
  return uriFormat(value) || out.report(path, `${what} must be an absolute URI`);
}

export function checkDateTime(value: unknown, path: string, out: Problems, what: string): value is string {
  if (typeof value !== 'string') {
    return out.report(path, `${what} must be a date-time string, not ${describe(value)}`);
  }
  return (
    dateTimeFormat(value) ||
    out.report(path, `${what} must be an RFC 3339 date-time with a time zone, e.g. 2024-05-01T10:00:00Z`)
  );
}

export function checkString(value: unknown, path: string, out: Problems, what: string): value is string {
  return typeof value === 'string' || out.report(path, `${what} must be a string, not ${describe(value)}`);
}

export function checkNumber(value: unknown, path: string, out: Problems, what: string): value is number {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    out.report(path, `${what} must be a number, not ${describe(value)}`)
  );
}

/**
 * Fields outside `known` are extensions; EPCIS 2.0 only allows them under a namespace, written as a
 * compact IRI (`example:myField`) or a full URI, which is what the URI test accepts.
 */
export function checkFieldNames(
  obj: Json,
  path: string,
  known: ReadonlySet<string>,
  out: Problems,
  owner = 'this object',
): void {
  for (const key of Object.keys(obj)) {
    if (known.has(key) || uriFormat(key)) continue;
    out.report(
      at(path, key),
      `${key} is not a field of ${owner}; an extension field needs a namespace prefix (prefix:${key}) or a full URI`,
    );
  }
}

export function checkArray(
  value: unknown,
  path: string,
  out: Problems,
  what: string,
  minItems = 0,
): value is unknown[] {
  if (!Array.isArray(value)) return out.report(path, `${what} must be an array, not ${describe(value)}`);
  if (value.length < minItems) {
    return out.report(path, `${what} must have at least ${minItems} item${minItems === 1 ? '' : 's'}`);
  }
  return true;
}

/** An array of URIs (EPCs, event ids); `unique` refuses the same URI twice. */
export function checkUriList(
  value: unknown,
  path: string,
  out: Problems,
  what: string,
  options: { minItems?: number; unique?: boolean } = {},
): void {
  if (!checkArray(value, path, out, what, options.minItems ?? 0)) return;
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    if (!checkUri(item, at(path, index), out, `each entry of ${what}`)) return;
    const first = seen.get(item);
    if (first === undefined) seen.set(item, index);
    else if (options.unique) out.report(at(path, index), `${item} already appears at ${at(path, first)}`);
  });
}
