// A changed field of a passport as people read it in the version comparison: its label path
// ("General information › Manufacturer › Name", in the page's language, from the same labels
// the form uses) instead of its JSON Pointer, and its values as words (an enum by its label, a
// text without quotes) instead of JSON.
import { fieldText } from '../../core/field-labels.ts';
import type { Lang } from '../../core/i18n.ts';
import { pointerSegments } from '../../domain/categories/pointer.ts';
import type { Category } from '../../domain/categories/types.ts';
import { enumLabel } from './page-words.ts';
import { tr } from './pages.ts';
import { schemaFor } from './passport-form.ts';

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The form's words for the passport's own fields around the metadata. */
const ENVELOPE: Readonly<Record<string, string>> = {
  productId: 'forms.productId',
  originCountry: 'forms.originCountry',
  granularity: 'forms.granularity',
  status: 'passports.status',
  metadata: 'forms.metadata',
};

/** The labels of the fields a pointer passes through, joined: `/metadata/a/0/b` → "A 1 › B". */
export function changeLabel(lang: Lang, category: Category, pointer: string): string {
  const say = tr(lang);
  const segments = pointerSegments(pointer);
  const [head, ...inside] = segments;
  if (head === undefined) return pointer;
  if (head !== 'metadata') return ENVELOPE[head] && inside.length === 0 ? say(ENVELOPE[head]) : pointer;
  const parts: string[] = [];
  let schema: Schema | undefined = schemaFor(category);
  const path: string[] = [];
  for (const segment of inside) {
    if (/^\d+$/.test(segment) && schema?.type === 'array') {
      // An item is counted from 1, as the form numbers them.
      parts[parts.length - 1] = `${parts.at(-1) ?? ''} ${Number(segment) + 1}`;
      schema = isObject(schema.items) ? schema.items : undefined;
      continue;
    }
    const properties = isObject(schema?.properties) ? schema.properties : {};
    const next = Object.hasOwn(properties, segment) ? properties[segment] : undefined;
    schema = isObject(next) ? next : undefined;
    path.push(segment);
    const own = fieldText(lang, category, path.join('.'))?.label;
    const title = typeof schema?.title === 'string' && schema.title !== '' ? schema.title : segment;
    parts.push(own ?? title);
  }
  return parts.length === 0 ? say('forms.metadata') : parts.join(' › ');
}

/** A value as words: nothing as "—", a text as itself (an enum by its label), the rest as JSON. */
export function changeValue(lang: Lang, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return /^[A-Z][A-Z0-9_]+$/.test(value) ? enumLabel(lang, value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
