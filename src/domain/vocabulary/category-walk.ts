// Finds every property name of the category data model: the served JSON Schemas, the field specs of
// the rule categories and their examples. Each find is one usage: where and how the name is used.

import { RULE_SETS } from '../categories/rules/index.ts';
import type { FieldSpec } from '../categories/rules/spec.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import type { TermUsage } from './types.ts';

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `type` may be a list (`["string", "null"]`); the non-null members name the value's type. */
function jsonType(schema: Json): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return text(type.filter((t) => t !== 'null').join('|'));
  return undefined;
}

function schemaUsage(category: string, pointer: string, schema: Json): TermUsage {
  const items = isObject(schema.items) ? schema.items : undefined;
  const usage: TermUsage = { category, pointer };
  const fields: [keyof TermUsage, string | undefined][] = [
    ['title', text(schema.title)],
    ['description', text(schema.description)],
    ['unit', text(schema['x-unit']) ?? (items ? text(items['x-unit']) : undefined)],
    ['valueType', jsonType(schema)],
    ['itemType', items ? jsonType(items) : undefined],
    ['format', text(schema.format) ?? (items ? text(items.format) : undefined)],
  ];
  for (const [key, value] of fields) if (value !== undefined) usage[key] = value;
  return usage;
}

// Subschemas that describe the same instance location (combinators, conditionals).
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not'];

function walkSchema(category: string, schema: Json, pointer: string, out: TermUsage[]): void {
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      const at = `${pointer}/${name}`;
      out.push(schemaUsage(category, at, child));
      walkSchema(category, child, at, out);
    }
  }
  for (const key of ['items', 'additionalProperties']) {
    const child = schema[key];
    if (isObject(child)) walkSchema(category, child, `${pointer}/*`, out);
  }
  if (Array.isArray(schema.prefixItems)) {
    for (const child of schema.prefixItems)
      if (isObject(child)) walkSchema(category, child, `${pointer}/*`, out);
  }
  for (const key of IN_PLACE) {
    const value = schema[key];
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (isObject(child)) walkSchema(category, child, pointer, out);
  }
}

function specUsage(category: string, pointer: string, spec: FieldSpec): TermUsage {
  const usage: TermUsage = { category, pointer, valueType: spec.type };
  if (spec.description !== undefined) usage.description = spec.description;
  const inner = spec.type === 'array' ? spec.items : spec;
  if (spec.type === 'array') usage.itemType = spec.items.type;
  if (inner.type === 'string' && inner.format !== undefined) usage.format = inner.format;
  if ((inner.type === 'number' || inner.type === 'integer') && inner.unit !== undefined)
    usage.unit = inner.unit;
  return usage;
}

function walkSpec(category: string, spec: FieldSpec, pointer: string, out: TermUsage[]): void {
  if (spec.type === 'object') {
    for (const [name, child] of Object.entries(spec.properties)) {
      const at = `${pointer}/${name}`;
      out.push(specUsage(category, at, child));
      walkSpec(category, child, at, out);
    }
  } else if (spec.type === 'array') walkSpec(category, spec.items, `${pointer}/*`, out);
}

function valueType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Keys of example data that the field specs do not describe (so nothing an example holds is missed). */
function walkExample(
  category: string,
  value: unknown,
  pointer: string,
  known: Set<string>,
  out: TermUsage[],
): void {
  if (Array.isArray(value)) {
    for (const item of value) walkExample(category, item, `${pointer}/*`, known, out);
  } else if (isObject(value)) {
    for (const [name, child] of Object.entries(value)) {
      const at = `${pointer}/${name}`;
      if (!known.has(at)) {
        known.add(at);
        out.push({ category, pointer: at, valueType: valueType(child) });
      }
      walkExample(category, child, at, known, out);
    }
  }
}

/** Every use of every property name in the category data model, schema categories first. */
export function categoryUsages(): TermUsage[] {
  const out: TermUsage[] = [];
  for (const [category, schema] of Object.entries(categorySchemas)) {
    walkSchema(category, schema, '', out);
    const examples = Array.isArray(schema.examples) ? schema.examples : [];
    const known = new Set(out.filter((u) => u.category === category).map((u) => u.pointer));
    for (const example of examples) walkExample(category, example, '', known, out);
  }
  for (const [category, rules] of Object.entries(RULE_SETS)) {
    walkSpec(category, rules.fields, '', out);
    const known = new Set(out.filter((u) => u.category === category).map((u) => u.pointer));
    for (const example of rules.examples) walkExample(category, example.metadata, '', known, out);
  }
  return out;
}

/** The property name a usage is about: the last segment of its pointer. */
export function termOf(usage: TermUsage): string {
  return usage.pointer.slice(usage.pointer.lastIndexOf('/') + 1);
}
