// The five served category schemas (JSON Schema 2020-12) and the access tier of each metadata field,
// read from the `x-access` annotations so that redaction and the schemas never disagree.
import { ACCESS_TIERS, type AccessTier, type SchemaCategory } from '../types.ts';
import batteries from './batteries.schema.json' with { type: 'json' };
import chemicals from './chemicals.schema.json' with { type: 'json' };
import construction from './construction.schema.json' with { type: 'json' };
import electronics from './electronics.schema.json' with { type: 'json' };
import textiles from './textiles.schema.json' with { type: 'json' };

/** A JSON Schema object, typed loosely: consumers narrow what they read. */
export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

export interface AccessEntry {
  /**
   * JSON pointer of the field inside the metadata object. Array items appear as `*`, so
   * `/hazardousSubstances/*\/casNumber` stands for that field in every item.
   */
  pointer: string;
  access: AccessTier;
}

/** Pointer segment standing for "any item of this array". */
export const ANY_ITEM = '*';

export const categorySchemas: Record<SchemaCategory, JsonSchemaObject> = {
  batteries,
  textiles,
  electronics,
  chemicals,
  construction,
};

function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function accessOf(schema: JsonSchemaObject): AccessTier | undefined {
  const value = schema['x-access'];
  return typeof value === 'string' && (ACCESS_TIERS as readonly string[]).includes(value)
    ? (value as AccessTier)
    : undefined;
}

function propertySchema(schema: JsonSchemaObject, name: string): JsonSchemaObject | undefined {
  const properties = schema.properties;
  if (!isSchemaObject(properties) || !Object.hasOwn(properties, name)) return undefined;
  const child = properties[name];
  return isSchemaObject(child) ? child : undefined;
}

function itemSchema(schema: JsonSchemaObject): JsonSchemaObject | undefined {
  return isSchemaObject(schema.items) ? schema.items : undefined;
}

function decode(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function encode(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Resolve a metadata pointer to its schema node. Array indices (and `*` or `-`) step into `items`.
 * Returns the deepest node reached and the nearest `x-access` on the way.
 */
function walk(category: SchemaCategory, pointer: string): { node?: JsonSchemaObject; access?: AccessTier } {
  let node: JsonSchemaObject | undefined = categorySchemas[category];
  let access = accessOf(node);
  const segments = pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map(decode);
  for (const segment of segments) {
    if (node === undefined) break;
    const items = itemSchema(node);
    const isIndex = /^(\d+|\*|-)$/.test(segment);
    node = items !== undefined && isIndex ? items : propertySchema(node, segment);
    if (node !== undefined) access = accessOf(node) ?? access;
  }
  return { node, access };
}

/** Whether the pointer names a field that the category schema defines. */
export function schemaHasField(category: SchemaCategory, pointer: string): boolean {
  return walk(category, pointer).node !== undefined;
}

/**
 * Access tier of a metadata field: the `x-access` of the field or of its nearest annotated ancestor.
 * Fields the schema does not know (and a pointer that leaves the schema) inherit what was found so far;
 * with nothing annotated the field is public.
 */
export function fieldAccess(category: SchemaCategory, jsonPointer: string): AccessTier {
  // Every string of every passport asks this (PII scan, masking): remembered per field, with array
  // indices folded into `*` so that a long list costs one walk, not one per element.
  const key = `${category}:${jsonPointer.replace(/\/\d+(?=\/|$)/g, `/${ANY_ITEM}`)}`;
  let access = accessCache.get(key);
  if (access === undefined) {
    access = walk(category, jsonPointer).access ?? 'public';
    if (accessCache.size < ACCESS_CACHE_LIMIT) accessCache.set(key, access);
  }
  return access;
}

// Bounded: pointers come from caller data, and a field a schema does not know is still a new key.
const ACCESS_CACHE_LIMIT = 50_000;
const accessCache = new Map<string, AccessTier>();

function collect(schema: JsonSchemaObject, pointer: string, out: AccessEntry[]): void {
  const properties = schema.properties;
  if (isSchemaObject(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      if (!isSchemaObject(child)) continue;
      const childPointer = `${pointer}/${encode(name)}`;
      const access = accessOf(child);
      if (access !== undefined) out.push({ pointer: childPointer, access });
      collect(child, childPointer, out);
    }
  }
  const items = itemSchema(schema);
  if (items !== undefined) collect(items, `${pointer}/${ANY_ITEM}`, out);
}

const accessMaps = new Map<SchemaCategory, readonly AccessEntry[]>();

/** Every annotated property of a category schema with its tier, in schema order. Computed once. */
export function accessMap(category: SchemaCategory): readonly AccessEntry[] {
  let entries = accessMaps.get(category);
  if (entries === undefined) {
    const collected: AccessEntry[] = [];
    collect(categorySchemas[category], '', collected);
    entries = Object.freeze(collected.map((entry) => Object.freeze(entry)));
    accessMaps.set(category, entries);
  }
  return entries;
}
