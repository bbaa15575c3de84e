// Passports as a spreadsheet: one passport a row, one column per field. The columns of a category
// are the passport's own (productId, originCountry, granularity, status) and then every scalar field
// of the category schema as a dotted path (`generalInformation.manufacturer.name`); a list is one
// column holding JSON (`["NMC811"]`). A rule category has its fields in a schema's shape
// (categories/rules/as-schema.ts); without any schema the columns are an example's fields. CSV is
// RFC 4180 (quotes, doubled quotes, commas and line breaks inside quotes).
import { readMetadata } from './form-values.ts';
import type { Schema } from './schema-form.ts';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const ENVELOPE_COLUMNS = ['productId', 'originCountry', 'granularity', 'status'] as const;
export const MAX_SHEET_ROWS = 200;

/** The metadata columns of a schema (or, without one, of an example's shape), in schema order. */
export function metadataColumns(schema: Schema | undefined, example: Json): string[] {
  const out: string[] = [];
  const walkSchema = (node: Schema, path: string) => {
    const properties = isObject(node.properties) ? node.properties : undefined;
    if (node.type === 'object' && properties) {
      for (const [key, child] of Object.entries(properties))
        if (isObject(child)) walkSchema(child, path ? `${path}.${key}` : key);
      return;
    }
    if (path) out.push(path);
  };
  const walkValue = (value: Json, path: string) => {
    if (isObject(value))
      for (const [key, child] of Object.entries(value)) walkValue(child, path ? `${path}.${key}` : key);
    else if (path) out.push(path);
  };
  if (schema) walkSchema(schema, '');
  else walkValue(example, '');
  return out;
}

export const sheetColumns = (schema: Schema | undefined, example: Json) => [
  ...ENVELOPE_COLUMNS,
  ...metadataColumns(schema, example),
];

/** One CSV line: cells quoted when they hold a comma, a quote or a line break. */
export const csvLine = (cells: readonly string[]) =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');

/** The rows of a CSV text; a trailing line break adds no row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

export interface SheetRow {
  /** 1-based row number in the sheet (the header is row 1). */
  row: number;
  /** The cells by column name, as written. */
  cells: Record<string, string>;
  body: Record<string, Json>;
  /** Columns whose cell should hold JSON and does not. */
  unreadable: string[];
}

/** Column of a body pointer (`/metadata/a/0/b` → `a`, a list being one column; `/productId` → `productId`). */
export function columnOf(pointer: string, columns: readonly string[]): string | undefined {
  const segments = pointer.split('/').slice(1);
  const inside = segments[0] === 'metadata' ? segments.slice(1) : segments;
  for (let length = inside.length; length > 0; length--) {
    const name = inside.slice(0, length).join('.');
    if (columns.includes(name)) return name;
  }
  return undefined;
}

/**
 * Rows into create bodies: blank rows are skipped, unknown columns are refused as a whole (the sheet
 * is not this category's), and each cell is read as the form reads its field (numbers, booleans,
 * JSON lists, capitals and decimal commas mended).
 */
export function sheetBodies(
  rows: readonly (readonly string[])[],
  category: string,
  schema: Schema | undefined,
  known: readonly string[],
  options: { decimalComma?: boolean } = {},
): { rows: SheetRow[]; unknown: string[]; tooMany: boolean } {
  const [header = [], ...data] = rows;
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => name !== '' && !known.includes(name));
  const out: SheetRow[] = [];
  if (unknown.length > 0) return { rows: out, unknown, tooMany: false };
  for (const [index, cells] of data.entries()) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (out.length === MAX_SHEET_ROWS) return { rows: out, unknown, tooMany: true };
    const byName: Record<string, string> = {};
    const params = new URLSearchParams();
    for (const [at, name] of names.entries()) {
      const value = cells[at] ?? '';
      if (name === '' || value.trim() === '') continue;
      byName[name] = value;
      if (!(ENVELOPE_COLUMNS as readonly string[]).includes(name))
        params.append(`/metadata/${name.split('.').join('/')}`, value);
    }
    const read = readMetadata(params, schema, options);
    const body: Record<string, Json> = { category, metadata: read.metadata };
    const unreadable = Object.keys(read.raw).flatMap((pointer) => columnOf(pointer, names) ?? []);
    for (const name of ENVELOPE_COLUMNS) {
      const value = byName[name]?.trim();
      if (value) body[name] = name === 'originCountry' || name === 'status' ? value.toUpperCase() : value;
    }
    out.push({ row: index + 2, cells: byName, body, unreadable });
  }
  return { rows: out, unknown, tooMany: false };
}
