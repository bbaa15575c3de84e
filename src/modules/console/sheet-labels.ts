// The words of a spreadsheet's columns in the page's language: each column's label for the label row
// (`Manufacturer – Postal address – Country`, `Hazardous substances 2 – Name`), its help for the
// notes sheet, and the entries of its choice list (`Deutschland (DE)`, `Hersteller (MANUFACTURER)`).
// Field labels come from the locale files where translated, else the schema's English title, else
// the field's name in words.
import { fieldText } from '../../core/field-labels.ts';
import { type Lang, t as translate, valueLabel } from '../../core/i18n.ts';
import type { Schema } from '../../domain/passports/schema-form.ts';
import {
  choiceText,
  columnChoices,
  isCountryColumn,
  type SheetColumn,
  valueAt,
} from '../../domain/passports/sheet-columns.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface LabelledColumn extends SheetColumn {
  label: string;
  hint: string;
  /** The entries of its choice list, as a cell may hold them. */
  choices?: string[];
}

const ENVELOPE_LABELS: Readonly<Record<string, string>> = {
  productId: 'forms.productId',
  originCountry: 'forms.originCountry',
  granularity: 'forms.granularity',
};

/** A field name in words (`minimumAgeMonths` → `Minimum age months`), for fields without a title. */
function inWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema node of each step of a schema path (lists' items stepped through). */
function nodesAlong(schema: Schema, schemaPath: string): (Schema | undefined)[] {
  let node: Schema | undefined = schema;
  return schemaPath.split('.').map((key) => {
    while (node?.type === 'array' && isObject(node.items)) node = node.items;
    const next: unknown = isObject(node?.properties) ? node.properties[key] : undefined;
    node = isObject(next) ? next : undefined;
    return node;
  });
}

export interface ColumnWords {
  lang: Lang;
  category: string;
  schema: Schema;
  /** The console's messages in the page's language. */
  t: (key: string, params?: Record<string, string | number>) => string;
}

/** One column's label: the path's steps below its top-level group, a repeat numbered. */
function labelOf(column: SheetColumn, words: ColumnWords): string {
  const envelope = ENVELOPE_LABELS[column.name];
  if (envelope) return words.t(envelope);
  const keys = column.schemaPath.split('.');
  const nodes = nodesAlong(words.schema, column.schemaPath);
  const steps = keys.map((key, at) => {
    const path = keys.slice(0, at + 1).join('.');
    const repeat = column.repeats.find((item) => item.list === path);
    // A repeat is one item: the schema's item title (`Hazardous substance 2`) where the language
    // has no label of its own for the list.
    const items = nodes[at]?.items;
    const itemTitle = repeat && isObject(items) ? items.title : undefined;
    const title = typeof itemTitle === 'string' ? itemTitle : nodes[at]?.title;
    const label =
      fieldText(words.lang, words.category, path)?.label ??
      (typeof title === 'string' ? title : inWords(key));
    return repeat ? `${label} ${repeat.n}` : label;
  });
  // The top-level group names a section, not the field; a field alone at the top keeps its name.
  return (steps.length > 1 ? steps.slice(1) : steps).join(' – ');
}

function hintOf(column: SheetColumn, words: ColumnWords): string {
  const translated = fieldText(words.lang, words.category, column.schemaPath)?.hint;
  if (translated) return translated;
  const description = column.schema?.description;
  return typeof description === 'string' ? description : '';
}

/** The entries of a column's choice list, in the page's language; sorted by their label. */
function choicesOf(column: SheetColumn, lang: Lang): string[] | undefined {
  const codes = columnChoices(column);
  if (!codes) return undefined;
  const regions = new Intl.DisplayNames(lang, { type: 'region', fallback: 'code' });
  const label = (code: string) => {
    if (isCountryColumn(column)) return regions.of(code) ?? code;
    if (column.name === 'granularity') return translate(lang, `granularity.${code}`);
    return valueLabel(lang, code);
  };
  const entries = codes.map((code) => ({ code, label: label(code) }));
  if (isCountryColumn(column)) entries.sort((a, b) => a.label.localeCompare(b.label, lang));
  return entries.map((entry) => choiceText(entry.code, entry.label));
}

/** The columns with their words in the page's language. */
export function labelColumns(columns: readonly SheetColumn[], words: ColumnWords): LabelledColumn[] {
  const lists = new Map<string, string[] | undefined>();
  return columns.map((column) => {
    // Every country column shares one list; so does every column of one enum.
    const key = isCountryColumn(column)
      ? 'countries'
      : `${column.name === 'granularity' ? 'g' : ''}${JSON.stringify(columnChoices(column))}`;
    if (!lists.has(key)) lists.set(key, choicesOf(column, words.lang));
    const choices = lists.get(key);
    return {
      ...column,
      label: labelOf(column, words),
      hint: hintOf(column, words),
      ...(choices ? { choices } : {}),
    };
  });
}

/** A value as its cell holds it: a choice with its label, a list or group as JSON, else as text. */
export function cellText(value: unknown, column: LabelledColumn): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return column.choices?.find((entry) => entry === text || entry.endsWith(` (${text})`)) ?? text;
}

/** A passport's row: each column's cell from a create body or an owner document. */
export const rowCells = (body: Record<string, unknown>, columns: readonly LabelledColumn[]) =>
  columns.map((column) => cellText(valueAt(body, column.pointer), column));
