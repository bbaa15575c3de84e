// What the contract comparison shares between its document and schema halves: the JSON helpers,
// local reference resolution, and the context that collects the changes.
import type { Bump } from './semver.ts';

export interface ContractChange {
  bump: Exclude<Bump, 'NONE'>;
  /** Where in the contract, e.g. `GET /api/v1/passports/{} response 200 application/json .status`. */
  where: string;
  what: string;
}

export type Json = Record<string, unknown>;
export type Side = 'request' | 'response';

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const asObject = (value: unknown): Json => (isObject(value) ? value : {});
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const same = (a: unknown, b: unknown): boolean => stableString(a) === stableString(b);

export function stableString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableString).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableString(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export class Collector {
  readonly changes: ContractChange[] = [];
  add(bump: ContractChange['bump'], where: string, what: string): void {
    this.changes.push({ bump, where, what });
  }
}

export interface Context {
  before: Json;
  after: Json;
  out: Collector;
  /** Pairs of references already being compared, so recursive schemas end. */
  seen: Set<string>;
}

/** Follows local references (`#/components/schemas/...`); anything else stays as it is. */
export function resolve(value: unknown, document: Json, depth = 0): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || depth > 32) return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/')) return value;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    target = asObject(target)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return resolve(target, document, depth + 1);
}

export function add(ctx: Context, bump: Bump, where: string, what: string): void {
  if (bump !== 'NONE') ctx.out.add(bump, where, what);
}

export function union(a: Json, b: Json): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}
