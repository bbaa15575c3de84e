// Reads a posted passport form back into metadata. Every field is named by its JSON Pointer, and the
// category schema says what the text means: numbers and booleans are converted, blank fields and
// blank repeated items are left out, and JSON areas are parsed. A value that does not convert (a
// number field holding words) is sent as typed, so the validator reports it in its own words.
import { pointerSegments } from '../categories/pointer.ts';
import type { Schema } from './schema-form.ts';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const MAX_INDEX = 999;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export interface ReadMetadata {
  metadata: Json;
  /** Text of JSON areas that did not parse, by pointer. */
  raw: Record<string, string>;
}

/** The schema of the value a pointer (below the metadata) names; undefined off the schema. */
function schemaAt(schema: Schema | undefined, segments: readonly string[]): Schema | undefined {
  let node = schema;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    const next: unknown =
      node.type === 'array'
        ? node.items
        : isObject(node.properties) && Object.hasOwn(node.properties, segment)
          ? node.properties[segment]
          : undefined;
    node = isObject(next) ? next : undefined;
  }
  return node;
}

export interface ReadOptions {
  /** The page's language writes decimals with a comma (de, fr): `12,5` is read as 12.5. */
  decimalComma?: boolean;
}

/** What a form can safely mend: a decimal comma, lower-case letters where only capitals fit. */
function normalise(text: string, schema: Schema, options: ReadOptions): string {
  const trimmed = text.trim();
  if (schema.type === 'number' || schema.type === 'integer') {
    return options.decimalComma && /^-?\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  }
  if (typeof schema.pattern === 'string' && schema.type === 'string') {
    try {
      const pattern = new RegExp(schema.pattern, 'u');
      if (!pattern.test(text) && pattern.test(trimmed.toUpperCase())) return trimmed.toUpperCase();
    } catch {
      // A pattern JavaScript cannot read is left to the validator.
    }
  }
  return text;
}

function convert(raw: string, schema: Schema, options: ReadOptions = {}): Json {
  const text = normalise(raw, schema, options);
  if ((schema.type === 'number' || schema.type === 'integer') && NUMBER.test(text.trim()))
    return Number(text.trim());
  if (schema.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Writes `value` at `segments` under `root`, making objects, or arrays before an index. */
function place(root: Record<string, Json>, segments: readonly string[], value: Json): void {
  let here: Record<string, Json> | Json[] = root;
  for (const [index, segment] of segments.entries()) {
    const key = Array.isArray(here) ? Number(segment) : segment;
    const container = here as Record<string | number, Json>;
    if (index === segments.length - 1) {
      container[key] = value;
      return;
    }
    const existing = Object.hasOwn(container, key) ? container[key] : undefined;
    const next = segments[index + 1] as string;
    if (!isObject(existing) && !Array.isArray(existing)) container[key] = /^\d+$/.test(next) ? [] : {};
    here = container[key] as Record<string, Json> | Json[];
  }
}

/** Leaves out what the form added empty: holes and blank items of lists, groups with nothing set. */
function compact(value: Json, kept: Set<Json>): Json {
  if (kept.has(value)) return value;
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined).map((item) => compact(item, kept));
    return items.filter((item) => item !== undefined);
  }
  if (isObject(value)) {
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      const compacted = compact(child, kept);
      if (compacted !== undefined) out[key] = compacted;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

const lastValue = (params: URLSearchParams, name: string) => params.getAll(name).at(-1) ?? '';

/** The metadata a form holds, for the category schema (none: the metadata is one JSON area). */
export function readMetadata(
  params: URLSearchParams,
  schema: Schema | undefined,
  options: ReadOptions = {},
): ReadMetadata {
  const root: Record<string, Json> = {};
  const raw: Record<string, string> = {};
  const kept = new Set<Json>();
  const names = new Set(
    [...params.keys()].filter((name) => name === '/metadata' || name.startsWith('/metadata/')),
  );
  for (const name of names) {
    const segments = pointerSegments(name);
    const inside = segments.slice(1);
    if (segments.some((segment) => FORBIDDEN.has(segment))) continue;
    if (inside.some((segment) => /^\d+$/.test(segment) && Number(segment) > MAX_INDEX)) continue;
    const text = lastValue(params, name);
    if (text.trim() === '') continue;
    const node = schemaAt(schema, inside);
    if (
      node === undefined ||
      node.type === 'object' ||
      node.type === 'array' ||
      (node.type === undefined && !Array.isArray(node.enum))
    ) {
      try {
        const parsed: Json = JSON.parse(text);
        if (typeof parsed === 'object' && parsed !== null) kept.add(parsed);
        place(root, segments, parsed);
      } catch {
        raw[name] = text;
      }
      continue;
    }
    place(root, segments, convert(text, node, options));
  }
  const metadata = root.metadata;
  return { metadata: kept.has(metadata) ? metadata : (compact(metadata, kept) ?? {}), raw };
}
