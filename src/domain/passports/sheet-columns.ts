// The columns of a category's spreadsheet as people fill it: the passport's own fields, then every
// field of the schema, a list laid out as numbered repeats of its item (`hazardousSubstances[1].name`,
// `hazardousSubstances[2].name`, …) rather than one cell of JSON. A list inside a repeated item stays
// one cell of JSON, so that the columns grow with the lists of one level only. Each column knows the
// JSON Pointer it fills and the schema of its value, so a cell can be read (sheet.ts) and offered as
// a choice (an enum, a country) without knowing the page's language.
import { isCountryCode } from './create-body.ts';
import type { Schema } from './schema-form.ts';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Repeats of a list in a template: enough to show the list is one, and every item of the example. */
export const MIN_REPEATS = 3;
/** The envelope columns a template has (a legacy sheet's `status` is still read, sheet.ts). */
export const TEMPLATE_ENVELOPE = ['productId', 'originCountry', 'granularity'] as const;
export const EXAMPLE_PRODUCT_ID = '04012345000016';

export interface SheetColumn {
  /** The text of the path row: `generalInformation.batteryModel`, `a.list[2].name`, `productId`. */
  name: string;
  /** The body pointer its cell fills: `/productId`, `/metadata/a/list/1/name`. */
  pointer: string;
  /** The field's schema path, list indices dropped (the key of field labels): `a.list.name`. */
  schemaPath: string;
  /** The list repeats on the way, outermost first: the list's schema path and the repeat's number. */
  repeats: { list: string; n: number }[];
  /** The schema of the value; undefined for the envelope's columns. */
  schema: Schema | undefined;
  /** The cell holds JSON: a list inside a repeated item, or a value of no known shape. */
  json: boolean;
}

const LEAF_KEYS = new Set(['countryCode', 'originCountry', 'country']);
const TWO_CAPITALS = '^[A-Z]{2}$';

/** A column whose value is an ISO 3166-1 country code, offered as a list of countries. */
export function isCountryColumn(column: Pick<SheetColumn, 'name' | 'schema'>): boolean {
  if (column.name === 'originCountry') return true;
  if (column.schema?.type !== 'string' || Array.isArray(column.schema.enum)) return false;
  const key =
    column.name
      .split('.')
      .at(-1)
      ?.replace(/\[\d+\]$/, '') ?? '';
  return column.schema.pattern === TWO_CAPITALS || LEAF_KEYS.has(key);
}

/** The values a column allows, when it is a choice: its enum, the granularities, or the countries. */
export function columnChoices(column: Pick<SheetColumn, 'name' | 'schema'>): readonly string[] | undefined {
  if (column.name === 'granularity') return ['model', 'batch', 'item'];
  if (isCountryColumn(column)) return countryCodes();
  const values = column.schema?.enum;
  return Array.isArray(values) && values.every((value) => typeof value === 'string') ? values : undefined;
}

let countries: string[] | undefined;
/** Every ISO 3166-1 alpha-2 code the node knows, in code order; computed once. */
export function countryCodes(): readonly string[] {
  if (!countries) {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    countries = letters.flatMap((a) => letters.map((b) => a + b)).filter(isCountryCode);
  }
  return countries;
}

/** How many items the values hold at `pointer` (a list's pointer below the metadata), at most. */
function longestList(values: readonly Json[], segments: readonly string[]): number {
  let most = 0;
  for (const value of values) {
    let here: Json = value;
    for (const segment of segments) here = isObject(here) ? here[segment] : undefined;
    if (Array.isArray(here)) most = Math.max(most, here.length);
  }
  return most;
}

const ENVELOPE_COLUMN = (name: string): SheetColumn => ({
  name,
  pointer: `/${name}`,
  schemaPath: name,
  repeats: [],
  schema: undefined,
  json: false,
});

/**
 * The template's columns for `schema`: the envelope's, then the schema's fields in order, each list
 * repeated as often as the longest of `values` (metadata objects: the example, a passport being
 * exported) needs, and at least MIN_REPEATS times.
 */
export function templateColumns(schema: Schema, values: readonly Json[]): SheetColumn[] {
  const out: SheetColumn[] = TEMPLATE_ENVELOPE.map(ENVELOPE_COLUMN);
  const walk = (
    node: Schema,
    at: { name: string; keys: string[]; schemaPath: string; repeats: SheetColumn['repeats'] },
  ) => {
    const leaf = (json: boolean) =>
      out.push({
        name: at.name,
        pointer: `/metadata/${at.keys.join('/')}`,
        schemaPath: at.schemaPath,
        repeats: at.repeats,
        schema: node,
        json,
      });
    const properties = isObject(node.properties) ? node.properties : undefined;
    if (node.type === 'object' && properties) {
      for (const [key, child] of Object.entries(properties))
        if (isObject(child))
          walk(child, {
            name: at.name ? `${at.name}.${key}` : key,
            keys: [...at.keys, key],
            schemaPath: at.schemaPath ? `${at.schemaPath}.${key}` : key,
            repeats: at.repeats,
          });
      return;
    }
    if (node.type === 'array' && isObject(node.items) && at.repeats.length === 0) {
      const times = Math.max(MIN_REPEATS, longestList(values, at.keys));
      for (let n = 1; n <= times; n++)
        walk(node.items, {
          name: `${at.name}[${n}]`,
          keys: [...at.keys, String(n - 1)],
          schemaPath: at.schemaPath,
          repeats: [...at.repeats, { list: at.schemaPath, n }],
        });
      return;
    }
    if (at.name) leaf(node.type === 'array' || node.type === 'object' || node.type === undefined);
  };
  walk(schema, { name: '', keys: [], schemaPath: '', repeats: [] });
  return out;
}

/** A column's name with its repeat numbers taken out (`a.list[2].name` → `a.list[].name`). */
export const columnShape = (name: string) => name.replace(/\[\d+\]/g, '[]');

const REPEAT = /^(.*)\[(\d+)\]$/;

/**
 * The body pointer a path-row name fills: the envelope's own, a template column's (repeats
 * numbered from 1), or a legacy dotted path (a list whole, as JSON). Undefined for a repeat number
 * that is no positive number.
 */
export function pointerOfColumn(name: string): string | undefined {
  if ((['productId', 'originCountry', 'granularity', 'status'] as string[]).includes(name)) return `/${name}`;
  const segments: string[] = [];
  for (const part of name.split('.')) {
    const repeat = REPEAT.exec(part);
    if (!repeat) {
      segments.push(part);
      continue;
    }
    const n = Number(repeat[2]);
    if (!(n >= 1)) return undefined;
    segments.push(repeat[1] as string, String(n - 1));
  }
  return `/metadata/${segments.join('/')}`;
}

/** The name a column would have for a body pointer: numbers of lists as repeats (`/metadata/a/0/b` → `a[1].b`). */
export function columnNameOf(pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const inside = segments[0] === 'metadata' ? segments.slice(1) : segments;
  let name = '';
  for (const segment of inside) {
    if (/^\d+$/.test(segment) && name) name += `[${Number(segment) + 1}]`;
    else name = name ? `${name}.${segment}` : segment;
  }
  return name;
}

/** A column's letters from its index (0 → A, 26 → AA), as a spreadsheet names it. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A choice as a list offers it: its label and its code (`Germany (DE)`), or the code alone. */
export const choiceText = (code: string, label: string) => (label === code ? code : `${label} (${code})`);

/** The code of a choice a cell holds (`Deutschland (DE)` → `DE`), or the cell as it is. */
export function choiceCode(text: string, allowed: readonly string[] | undefined): string {
  if (!allowed) return text;
  const trimmed = text.trim();
  if (allowed.includes(trimmed)) return trimmed;
  const chosen = /\(([^()]+)\)$/.exec(trimmed)?.[1];
  return chosen !== undefined && allowed.includes(chosen) ? chosen : text;
}

/** The value at a body pointer of a passport's document or create body. */
export function valueAt(body: Record<string, Json>, pointer: string): Json {
  let here: Json = body;
  for (const segment of pointer.split('/').slice(1)) {
    if (Array.isArray(here)) here = here[Number(segment)];
    else here = isObject(here) ? here[segment] : undefined;
  }
  return here;
}
