// The passport's category data as a tree the `passport-data` template walks: objects become nested
// definition lists, arrays of objects numbered lists of them, arrays of values a list of values.
// Values are written in the reader's language (see page-format.ts); only http(s) and mailto links
// become hrefs, so a value can never smuggle a `javascript:` URL into the page. A schema's enum
// value is shown by its label in the reader's language, never as its code.
import { labelSymbol } from './label-symbols.ts';
import { type Formatter, fieldInfo, humanise, isDateLike, schemaNode } from './page-format.ts';

export interface DataValue {
  value: string;
  href?: string;
  /** Identifiers and codes: set in a monospace face that may wrap anywhere. */
  code?: boolean;
  /** A figure with its unit ("0.0718 kg CO₂e/kWh"): kept on one line. */
  nowrap?: boolean;
  /** A picture of the value (a label's symbol), with the symbol's meaning as its alternative text. */
  symbol?: { src: string; alt: string };
}

export type DataNode =
  | { kind: 'value'; label: string; values: DataValue[] }
  | { kind: 'group'; label: string; children: DataNode[] }
  | { kind: 'items'; label: string; items: DataNode[][] };

export interface DataSection {
  id: string;
  heading: string;
  /** The section's fields, or (for a top-level list of objects) none and the list's items. */
  nodes: DataNode[];
  items: DataNode[][] | null;
}

export interface DataWords {
  yes: string;
  no: string;
  other: string;
  /** The label of a schema enum value in the reader's language. */
  label(value: string): string;
  /**
   * A field's label in the reader's language, by its dotted schema path (list items skipped);
   * undefined keeps the schema's English title.
   */
  field?(path: string): string | undefined;
}

type Path = readonly (string | number)[];

const COUNTRY_KEYS = new Set(['countryCode', 'originCountry', 'country', 'countries']);
const LANGUAGE_KEYS = new Set(['language']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Identifier-shaped strings: no spaces and at least one digit (GTINs, CAS numbers, URNs, codes).
const IDENTIFIER = /^(?=.*\d)\S+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lastKey(path: Path): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

function scalar(
  value: unknown,
  path: Path,
  category: string,
  format: Formatter,
  words: DataWords,
): DataValue {
  if (typeof value === 'boolean') return { value: value ? words.yes : words.no };
  if (typeof value === 'number') {
    const unit = fieldInfo(category, path).unit;
    const text = format.number(value, unit);
    return unit === undefined || unit === '1' ? { value: text } : { value: text, nowrap: true };
  }
  // A list mixing objects with values (or holding lists) has no field names to show: its
  // objects and lists are written as compact JSON text.
  if (typeof value === 'object' && value !== null) return { value: JSON.stringify(value), code: true };
  if (typeof value !== 'string') return { value: value === null ? '–' : String(value) };
  const allowed = schemaNode(category, path)?.enum;
  if (Array.isArray(allowed) && allowed.includes(value)) return { value: words.label(value) };
  const key = lastKey(path) ?? '';
  if (/^https?:\/\/\S+$/i.test(value)) return { value: value, href: value, code: true };
  if (EMAIL.test(value)) return { value: value, href: `mailto:${value}` };
  if (COUNTRY_KEYS.has(key)) return { value: format.country(value) };
  if (LANGUAGE_KEYS.has(key)) return { value: format.language(value) };
  if (isDateLike(value)) return { value: format.date(value) };
  return IDENTIFIER.test(value) ? { value: value, code: true } : { value: value };
}

function node(
  key: string,
  value: unknown,
  path: Path,
  category: string,
  format: Formatter,
  words: DataWords,
): DataNode | null {
  const schemaPath = path.filter((segment) => typeof segment === 'string').join('.');
  const label = words.field?.(schemaPath) || fieldInfo(category, path).label || humanise(key);
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.every((item) => isObject(item))) {
      const items = value.map((item, index) =>
        children(item as Record<string, unknown>, [...path, index], category, format, words),
      );
      return { kind: 'items', label, items };
    }
    const values = value.map((item, index) => scalar(item, [...path, index], category, format, words));
    return { kind: 'value', label, values };
  }
  if (isObject(value)) {
    const nested = children(value, path, category, format, words);
    return nested.length === 0 ? null : { kind: 'group', label, children: nested };
  }
  return { kind: 'value', label, values: [scalar(value, path, category, format, words)] };
}

function children(
  object: Record<string, unknown>,
  path: Path,
  category: string,
  format: Formatter,
  words: DataWords,
): DataNode[] {
  const out: DataNode[] = [];
  const symbol = symbolOf(object, path, category);
  for (const [key, value] of Object.entries(object)) {
    // JSON-LD keywords are for machines; the page shows the data they annotate.
    if (key.startsWith('@')) continue;
    const built = node(key, value, [...path, key], category, format, words);
    if (!built) continue;
    if (symbol && key === 'subject' && built.kind === 'value' && built.values[0]) {
      const shown = built.values[0];
      const meaning = typeof object.meaning === 'string' && object.meaning !== '' ? object.meaning : null;
      shown.symbol = { src: symbol, alt: meaning ?? shown.value };
    }
    out.push(built);
  }
  return out;
}

/** The picture of a battery label (`labelling.labels[i]`), drawn from its subject. */
function symbolOf(object: Record<string, unknown>, path: Path, category: string): string | null {
  const isLabel =
    category === 'batteries' &&
    path.length === 3 &&
    path[0] === 'labelling' &&
    path[1] === 'labels' &&
    typeof path[2] === 'number';
  return isLabel && typeof object.subject === 'string' ? labelSymbol(object.subject) : null;
}

/**
 * One section per top-level object or list of the metadata (its schema title as the heading), with
 * the loose top-level values gathered last under `words.other`.
 */
export function dataSections(
  metadata: unknown,
  category: string,
  format: Formatter,
  words: DataWords,
): DataSection[] {
  if (!isObject(metadata)) return [];
  const loose: DataNode[] = [];
  const sections: DataSection[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (key.startsWith('@')) continue;
    const built = node(key, value, [key], category, format, words);
    if (!built) continue;
    if (built.kind === 'value') loose.push(built);
    else
      sections.push({
        // Ids come from positions, never from caller-chosen keys.
        id: `data-${sections.length + 1}`,
        heading: built.label,
        nodes: built.kind === 'group' ? built.children : [],
        items: built.kind === 'items' ? built.items : null,
      });
  }
  if (loose.length > 0) sections.push({ id: 'data-other', heading: words.other, nodes: loose, items: null });
  return sections;
}
