// How the passport page writes values in the reader's language: numbers, units, dates and countries
// through Intl; field labels and units from the category schema (`title`, `x-unit`), else the field
// name in words. Everything here returns plain strings; the template escapes them.
import { categorySchemas, type JsonSchemaObject } from '../categories/schemas/index.ts';
import { SCHEMA_CATEGORIES, type SchemaCategory } from '../categories/types.ts';

export const NONE = '–';

/** `x-unit` codes Intl can write in the reader's language ("5 Jahre", "60 %", "‑18 °C"). */
const INTL_UNITS: Readonly<Record<string, string>> = {
  '%': 'percent',
  a: 'year',
  mo: 'month',
  d: 'day',
  h: 'hour',
  min: 'minute',
  Cel: 'celsius',
  kg: 'kilogram',
  g: 'gram',
  '%/mo': 'percent-per-month',
};

/** The other `x-unit` codes, written as the symbols people read on a data sheet. */
const SYMBOLS: Readonly<Record<string, string>> = {
  '1': '',
  mOhm: 'mΩ',
  kgCO2e: 'kg CO₂e',
  'kgCO2e/kWh': 'kg CO₂e/kWh',
  kgCFC11e: 'kg CFC-11 eq.',
  'molH+e': 'mol H⁺ eq.',
  kgSbe: 'kg Sb eq.',
  m3world: 'm³ world eq.',
  'kg/m3': 'kg/m³',
  'kWh/a': 'kWh/a',
};

export interface Formatter {
  lang: string;
  number(value: number, unit?: string): string;
  /** An ISO date, date-time or year-month in the reader's words; other strings unchanged. */
  date(value: string): string;
  country(code: string): string;
  language(code: string): string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function formatter(lang: string): Formatter {
  const plain = new Intl.NumberFormat(lang, { maximumSignificantDigits: 6 });
  const byUnit = new Map<string, Intl.NumberFormat>();
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const regions = new Intl.DisplayNames(lang, { type: 'region', fallback: 'code' });
  const languages = new Intl.DisplayNames(lang, { type: 'language', fallback: 'code' });

  const withIntlUnit = (unit: string) => {
    let format = byUnit.get(unit);
    if (!format) {
      format = new Intl.NumberFormat(lang, { style: 'unit', unit, maximumSignificantDigits: 6 });
      byUnit.set(unit, format);
    }
    return format;
  };

  return {
    lang,
    number(value, unit) {
      if (unit !== undefined && INTL_UNITS[unit]) return withIntlUnit(INTL_UNITS[unit]).format(value);
      // No-break spaces keep a figure and its unit (itself perhaps of two words) on one line.
      const symbol = (unit === undefined ? '' : (SYMBOLS[unit] ?? unit)).replaceAll(' ', '\u00a0');
      return symbol === '' ? plain.format(value) : `${plain.format(value)}\u00a0${symbol}`;
    },
    date(value) {
      const time = Date.parse(MONTH.test(value) ? `${value}-01` : value);
      if (Number.isNaN(time)) return value;
      if (DAY.test(value)) return day.format(time);
      if (MONTH.test(value)) return month.format(time);
      if (INSTANT.test(value)) return `${instant.format(time)} UTC`;
      return value;
    },
    country(code) {
      return /^[A-Z]{2}$/.test(code) ? (regions.of(code) ?? code) : code;
    },
    language(code) {
      try {
        return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code) ? (languages.of(code) ?? code) : code;
      } catch {
        return code;
      }
    },
  };
}

export function isDateLike(value: string): boolean {
  return DAY.test(value) || MONTH.test(value) || INSTANT.test(value);
}

/** "ratedCapacity" → "Rated capacity"; "pH" and "UFI"-like acronyms keep their capitals. */
export function humanise(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  if (name === 'pH') return name;
  return words
    .map((word, index) => {
      if (/^[A-Z0-9]{2,}$/.test(word)) return word;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

export interface FieldInfo {
  label: string;
  unit?: string;
}

function child(schema: JsonSchemaObject | undefined, segment: string | number): JsonSchemaObject | undefined {
  if (schema === undefined) return undefined;
  const next =
    typeof segment === 'number'
      ? schema.items
      : (schema.properties as Record<string, unknown> | undefined)?.[segment];
  return typeof next === 'object' && next !== null && !Array.isArray(next)
    ? (next as JsonSchemaObject)
    : undefined;
}

/**
 * The category schema's node for a metadata path (object keys and array indices), when the schema
 * describes it. Rule-checked categories have no schema: their fields get humanised names.
 */
export function schemaNode(category: string, path: readonly (string | number)[]) {
  if (!(SCHEMA_CATEGORIES as readonly string[]).includes(category)) return undefined;
  let node: JsonSchemaObject | undefined = categorySchemas[category as SchemaCategory];
  for (const segment of path) node = child(node, segment);
  return node;
}

/** Label and unit of a metadata field: the schema's English `title` and `x-unit`, else its name. */
export function fieldInfo(category: string, path: readonly (string | number)[]): FieldInfo {
  const node = schemaNode(category, path);
  const last = path[path.length - 1];
  const fallback = typeof last === 'string' ? humanise(last) : '';
  const title = typeof node?.title === 'string' ? node.title : fallback;
  const unit = typeof node?.['x-unit'] === 'string' ? (node['x-unit'] as string) : undefined;
  return unit === undefined ? { label: title } : { label: title, unit };
}
