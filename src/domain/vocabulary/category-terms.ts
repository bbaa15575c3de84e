// Turns the usages of each category property name into one term. A name means one thing per
// context (flat list): where schemas use a name differently, the term gets the definition that fits
// every use, and its comment says what it means where.
import { categoryUsages, termOf } from './category-walk.ts';
import { XSD } from './namespace.ts';
import type { Coercion, Container, TermSpec, TermUsage } from './types.ts';

// Arrays whose order carries meaning, kept as RDF lists. Everything else is a set.
const ORDERED_ARRAYS: ReadonlySet<string> = new Set([
  // Textiles: "manufacturing steps in order".
  'steps',
  // Cosmetics Regulation Art. 19(1)(g): ingredients in descending order of weight.
  'ingredients',
]);

const RANGES: Readonly<Record<string, string>> = {
  string: `${XSD}string`,
  boolean: `${XSD}boolean`,
  integer: `${XSD}integer`,
};

/** What a use asks of string values: an IRI, a date, a timestamp, or nothing. */
export function coercionOfUsage(usage: TermUsage): Coercion | undefined {
  if (usage.format === 'uri') return 'id';
  if (usage.format === 'date') return 'date';
  if (usage.format === 'date-time') return 'dateTime';
  return undefined;
}

/** A term whose uses ask for different coercions; it gets none (its values stay plain strings). */
export interface CoercionConflict {
  term: string;
  coercions: Readonly<Record<string, Coercion | 'none'>>;
}

function where(usage: TermUsage): string {
  return `${usage.category} ${usage.pointer}`;
}

function distinct<T>(values: readonly (T | undefined)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== undefined))];
}

function humanise(term: string): string {
  const words = term.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function commentOf(term: string, usages: readonly TermUsage[]): string {
  const described = usages.filter((u) => u.description !== undefined);
  const descriptions = distinct(described.map((u) => u.description));
  const undescribed = usages.filter((u) => u.description === undefined).map(where);
  if (descriptions.length === 1 && undescribed.length === 0) return descriptions[0] ?? '';
  if (descriptions.length === 0)
    return `Category metadata property "${term}", used in ${undescribed.join('; ')}.`;
  const parts = descriptions.map((d) => {
    const places = described.filter((u) => u.description === d).map(where);
    return `${places.join(', ')}: ${d}`;
  });
  const rest = undescribed.length > 0 ? ` Also used in ${undescribed.join('; ')}.` : '';
  const lead = descriptions.length > 1 ? 'Meaning depends on where it is used. ' : '';
  return `${lead}${parts.join(' ')}${rest}`;
}

function unitNote(usages: readonly TermUsage[]): { unit?: string; note?: string } {
  const withUnit = usages.filter((u) => u.unit !== undefined);
  const units = distinct(withUnit.map((u) => u.unit));
  if (units.length === 1) return { unit: units[0] };
  if (units.length === 0) return {};
  return { note: `Unit (x-unit) by use: ${withUnit.map((u) => `${where(u)}: ${u.unit}`).join('; ')}.` };
}

function rangeOf(usages: readonly TermUsage[], coercion: Coercion | undefined): string | undefined {
  if (coercion === 'date' || coercion === 'dateTime') return `${XSD}${coercion}`;
  if (coercion !== undefined) return undefined;
  // JSON numbers become xsd:integer or xsd:double by their value, so "number" gets no range.
  const types = distinct(usages.map((u) => (u.valueType === 'array' ? u.itemType : u.valueType)));
  return types.length === 1 && types[0] !== undefined ? RANGES[types[0]] : undefined;
}

function specOf(term: string, usages: readonly TermUsage[], conflicts: CoercionConflict[]): TermSpec {
  const coercions = distinct(usages.map((u) => coercionOfUsage(u) ?? 'none'));
  const coercion = coercions.length === 1 && coercions[0] !== 'none' ? coercions[0] : undefined;
  if (coercions.length > 1) {
    conflicts.push({
      term,
      coercions: Object.fromEntries(usages.map((u) => [where(u), coercionOfUsage(u) ?? 'none'])),
    });
  }
  const isArray = usages.some((u) => u.valueType === 'array');
  const container: Container | undefined = isArray
    ? ORDERED_ARRAYS.has(term)
      ? '@list'
      : '@set'
    : undefined;
  const { unit, note } = unitNote(usages);
  const comment = [commentOf(term, usages), note].filter((s) => s !== undefined).join(' ');
  const range = rangeOf(usages, coercion);
  return {
    term,
    kind: 'property',
    label: mostCommon(usages.flatMap((u) => (u.title ? [u.title] : []))) ?? humanise(term),
    comment,
    ...(coercion ? { coercion } : {}),
    ...(container ? { container } : {}),
    ...(range ? { range } : {}),
    ...(unit ? { unit } : {}),
    usages,
  };
}

export interface CategoryTerms {
  terms: ReadonlyMap<string, TermSpec>;
  conflicts: readonly CoercionConflict[];
}

let cached: CategoryTerms | undefined;

/** One term per property name of the category data model, sorted by name. Computed once. */
export function categoryTerms(): CategoryTerms {
  if (cached !== undefined) return cached;
  const byTerm = new Map<string, TermUsage[]>();
  for (const usage of categoryUsages()) {
    const term = termOf(usage);
    byTerm.set(term, [...(byTerm.get(term) ?? []), usage]);
  }
  const conflicts: CoercionConflict[] = [];
  const terms = new Map<string, TermSpec>();
  for (const term of [...byTerm.keys()].sort())
    terms.set(term, specOf(term, byTerm.get(term) ?? [], conflicts));
  cached = { terms, conflicts };
  return cached;
}
