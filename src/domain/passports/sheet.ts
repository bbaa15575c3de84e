// Passports as a spreadsheet: one passport a row, one column per field. A sheet names its columns
// in a path row: the template's (sheet-columns.ts: a row of labels above it, lists as numbered
// repeats `a.list[1].name`), or the earlier layout's, still read, whose one header row holds the
// passport's own columns (productId, originCountry, granularity, status) and then every scalar field
// of the category schema as a dotted path, a list being one column of JSON (`["NMC811"]`). A rule
// category has its fields in a schema's shape (categories/rules/as-schema.ts); without any schema
// the columns are an example's fields. CSV is RFC 4180 (quotes, doubled quotes, commas and line
// breaks inside quotes).
import { isDeepStrictEqual } from 'node:util';
import { readMetadata } from './form-values.ts';
import type { Schema } from './schema-form.ts';
import {
  choiceCode,
  columnChoices,
  columnLetters,
  columnNameOf,
  columnShape,
  EXAMPLE_PRODUCT_ID,
  pointerOfColumn,
  type SheetColumn,
  templateColumns,
} from './sheet-columns.ts';

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
  /** 1-based row number in the sheet. */
  row: number;
  /** The cells by column name, as written. */
  cells: Record<string, string>;
  body: Record<string, Json>;
  /** Columns whose cell should hold JSON and does not. */
  unreadable: string[];
}

/** What a sheet of a category may hold: the template's columns, and the earlier layout's names. */
export interface SheetLayout {
  columns: readonly SheetColumn[];
  legacy: readonly string[];
}

export function sheetLayout(schema: Schema | undefined, example: Json): SheetLayout {
  const legacy = sheetColumns(schema, example);
  return { columns: schema ? templateColumns(schema, [example]) : [], legacy };
}

/** The candidate column names for a pointer, longest first: its own, then each enclosing value's. */
function namesFor(pointer: string): string[] {
  const segments = pointer.split('/').slice(1);
  const names: string[] = [];
  const start = segments[0] === 'metadata' ? 2 : 1;
  for (let length = segments.length; length >= start; length--) {
    const inside = `/${segments.slice(0, length).join('/')}`;
    names.push(columnNameOf(inside));
    // The earlier layout's names have no repeats: a list is its column.
    const plain = segments.slice(start - 1, length);
    if (plain.every((segment) => !/^\d+$/.test(segment))) names.push(plain.join('.'));
  }
  return names;
}

/** Column of a body pointer among a sheet's columns (`/metadata/a/0/b` → `a[1].b`, or `a` in the earlier layout). */
export function columnOf(pointer: string, columns: readonly string[]): string | undefined {
  return namesFor(pointer).find((name) => columns.includes(name));
}

/** The cell a problem is at (`B7`), from its column's name in the path row and its row. */
export function cellAddress(column: string, row: number, header: readonly string[]): string {
  const at = header.indexOf(column);
  return at < 0 ? String(row) : `${columnLetters(at)}${row}`;
}

/** A body the template's example row gives unchanged (its product identifier and metadata). */
export function isExampleRow(body: Record<string, Json>, example: Json): boolean {
  return body.productId === EXAMPLE_PRODUCT_ID && isDeepStrictEqual(body.metadata, example);
}

export interface SheetRead {
  rows: SheetRow[];
  unknown: string[];
  tooMany: boolean;
  /** The path row's names, by column index (problems are placed by them: `B7`). */
  header: string[];
}

const ENVELOPE = new Set<string>(ENVELOPE_COLUMNS);

/** The path row: the second when the first holds labels (the template), else the first. */
function pathRow(rows: readonly (readonly string[])[], known: (name: string) => boolean): number {
  const named = (row: readonly string[] | undefined) =>
    (row ?? []).map((cell) => cell.trim()).filter(Boolean);
  const first = named(rows[0]);
  if (first.length > 0 && first.every(known)) return 0;
  const second = named(rows[1]);
  return second.length > 0 && second.every(known) ? 1 : 0;
}

/**
 * Rows into create bodies: blank rows are skipped, unknown columns are refused as a whole (the sheet
 * is not this category's), and each cell is read as the form reads its field (numbers, booleans,
 * JSON, capitals and decimal commas mended), a choice by its code (`Deutschland (DE)` → `DE`).
 */
export function sheetBodies(
  rows: readonly (readonly string[])[],
  category: string,
  schema: Schema | undefined,
  layout: SheetLayout,
  options: { decimalComma?: boolean } = {},
): SheetRead {
  const byShape = new Map(layout.columns.map((column) => [columnShape(column.name), column]));
  const known = (name: string) =>
    layout.legacy.includes(name) || (byShape.has(columnShape(name)) && pointerOfColumn(name) !== undefined);
  const at = pathRow(rows, known);
  const header = (rows[at] ?? []).map((name) => name.trim());
  const unknown = header.filter((name) => name !== '' && !known(name));
  const out: SheetRow[] = [];
  if (unknown.length > 0) return { rows: out, unknown, tooMany: false, header };
  for (const [index, cells] of rows.slice(at + 1).entries()) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (out.length === MAX_SHEET_ROWS) return { rows: out, unknown, tooMany: true, header };
    const byName: Record<string, string> = {};
    const params = new URLSearchParams();
    for (const [column, name] of header.entries()) {
      const value = cells[column] ?? '';
      if (name === '' || value.trim() === '') continue;
      byName[name] = value;
      if (ENVELOPE.has(name)) continue;
      const shaped = byShape.get(columnShape(name));
      const read = shaped ? choiceOf(value, shaped) : value;
      params.append(pointerOfColumn(name) as string, read);
    }
    const read = readMetadata(params, schema, options);
    const body: Record<string, Json> = { category, metadata: read.metadata };
    const unreadable = Object.keys(read.raw).flatMap((pointer) => columnOf(pointer, header) ?? []);
    for (const name of ENVELOPE_COLUMNS) {
      const value = byName[name]?.trim();
      if (!value) continue;
      const column = byShape.get(name);
      const code = column ? choiceOf(value, column) : value;
      body[name] = name === 'originCountry' || name === 'status' ? code.toUpperCase() : code;
    }
    out.push({ row: at + index + 2, cells: byName, body, unreadable });
  }
  return { rows: out, unknown, tooMany: false, header };
}

const choiceOf = (value: string, column: SheetColumn) => {
  const choices = columnChoices(column);
  return choices ? choiceCode(value, choices) : value;
};
