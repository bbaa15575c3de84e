// A category's JSON Schema as an HTML form: a tree of fields, each named by the JSON Pointer of the
// value it edits (`/metadata/productInformation/productName`), so that the validator's error paths
// land beside the field they are about. The rule (docs/console.md, "Passport forms"):
// - a string is a text input (`date` → date, `email` → email, `uri` → url), an enum a select, a
//   number or integer a number input, a required boolean a checkbox and an optional one a select
//   (not stated, yes, no) so that "not stated" stays distinct from "no";
// - an object is a fieldset of its properties;
// - an array of scalars, or of objects whose properties are scalars, groups or such arrays again,
//   is a repeated group: the items held plus blank ones (blank items are left out when the form is
//   read), each with a button that removes it;
// - any other array (arrays of arrays, objects without properties) is a JSON text area for that
//   field, and so is the whole metadata of a category checked by rules rather than a schema.
import { childPointer } from '../categories/pointer.ts';

export type Schema = Record<string, unknown>;
type Json = unknown;

export interface FieldBase {
  pointer: string;
  id: string;
  label: string;
  hint: string;
  required: boolean;
  errors: string[];
}
export type FormNode =
  | (FieldBase & { kind: 'input'; type: string; step: string; value: string; inputmode?: string })
  | (FieldBase & { kind: 'select'; options: { value: string; label: string }[]; value: string })
  | (FieldBase & { kind: 'checkbox'; checked: boolean })
  | (FieldBase & { kind: 'json'; value: string })
  | (FieldBase & { kind: 'group'; children: FormNode[] })
  | (FieldBase & { kind: 'list'; items: FormNode[]; more: number });

/** The words a form needs that do not come from the schema, in the page's language. */
export interface FormWords {
  notStated: string;
  yes: string;
  no: string;
  item: (label: string, n: number) => string;
  /** The field's label and help in the page's language, by its schema path (`group.field`). */
  field?: (path: string) => { label?: string; hint?: string } | undefined;
  /** An enum value's label in the page's language (`MANUFACTURER` → "Manufacturer"). */
  value?: (value: string) => string;
  /** The countries by name in the page's language: a country field is a select of them. */
  countries?: readonly { value: string; label: string }[];
}

/** A country field: two capitals (ISO 3166-1 alpha-2) under a name that says country. */
export const isCountryField = (name: string, schema: Schema) =>
  schema.type === 'string' && schema.pattern === '^[A-Z]{2}$' && /country/i.test(name);

/** A metadata pointer's schema path: below `/metadata`, item indices left out (`a/0/b` → `a.b`). */
export const schemaPath = (pointer: string) =>
  pointer
    .split('/')
    .slice(2)
    .filter((segment) => !/^\d+$/.test(segment))
    .join('.');

export interface FormState {
  /** Text of JSON areas that did not parse, by pointer: shown again as typed. */
  raw: Record<string, string>;
  /** Blank items to offer beyond the one every list gets, by list pointer. */
  more: Record<string, number>;
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const schemaOf = (value: unknown): Schema => (isObject(value) ? value : {});
const propertiesOf = (schema: Schema) => (isObject(schema.properties) ? schema.properties : {});
const isScalar = (schema: Schema) => schema.type !== 'object' && schema.type !== 'array';

/** An HTML id for a pointer: letters, digits, dots and dashes only. */
export const fieldId = (pointer: string) => `f${pointer.replace(/\//g, '.').replace(/[^A-Za-z0-9.-]/g, '_')}`;

/** How deep a list's items may nest groups and lists and still be edited as fields. */
const MAX_FIELD_DEPTH = 4;

/** Whether a value of this schema can be edited as fields: typed scalars, groups and lists of them. */
function isFormable(schema: Schema, depth: number): boolean {
  if (depth > MAX_FIELD_DEPTH) return false;
  if (schema.type === 'array') return isRepeatable(schema, depth + 1);
  if (schema.type === 'object') {
    const children = Object.values(propertiesOf(schema));
    return children.length > 0 && children.every((child) => isFormable(schemaOf(child), depth + 1));
  }
  return schema.type !== undefined || Array.isArray(schema.enum);
}

/**
 * Whether an array is edited as repeated groups (else as JSON text): items that are typed scalars,
 * or groups whose fields are scalars, groups or such lists again (a battery's hazardous substances
 * with their hazard classes and location), a few levels deep.
 */
export function isRepeatable(schema: Schema, depth = 0): boolean {
  const items = schemaOf(schema.items);
  if (isScalar(items)) return items.type !== undefined || Array.isArray(items.enum);
  return items.type === 'object' && isFormable(items, depth);
}

/** How a scalar value shows in an input; anything else (a value that failed coercion) as typed. */
const shown = (value: Json) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function inputType(schema: Schema): { type: string; step: string } {
  if (schema.type === 'number') return { type: 'number', step: 'any' };
  if (schema.type === 'integer') return { type: 'number', step: '1' };
  const format = { date: 'date', email: 'email', uri: 'url' }[String(schema.format)];
  return { type: format ?? 'text', step: '' };
}

function base(pointer: string, name: string, schema: Schema, required: boolean, words: FormWords): FieldBase {
  const own = words.field?.(schemaPath(pointer));
  const title = own?.label ?? (typeof schema.title === 'string' && schema.title !== '' ? schema.title : name);
  // UCUM's "1" (a count or ratio) says nothing to a reader.
  const unit =
    typeof schema['x-unit'] === 'string' && schema['x-unit'] !== '1' ? ` (${schema['x-unit']})` : '';
  const hint = own?.hint ?? (typeof schema.description === 'string' ? schema.description : '');
  return { pointer, id: fieldId(pointer), label: `${title}${unit}`, hint, required, errors: [] };
}

function scalar(field: FieldBase, name: string, schema: Schema, value: Json, words: FormWords): FormNode {
  if (words.countries && isCountryField(name, schema)) {
    const options = [{ value: '', label: words.notStated }, ...words.countries];
    if (!options.some((option) => option.value === shown(value)))
      options.push({ value: shown(value), label: shown(value) });
    return { ...field, kind: 'select', options, value: shown(value) };
  }
  if (Array.isArray(schema.enum)) {
    const label = (v: Json) => (typeof v === 'string' && words.value ? words.value(v) : shown(v));
    const options = [
      { value: '', label: words.notStated },
      ...schema.enum.map((v) => ({ value: shown(v), label: label(v) })),
    ];
    if (!options.some((option) => option.value === shown(value)))
      options.push({ value: shown(value), label: shown(value) });
    return { ...field, kind: 'select', options, value: shown(value) };
  }
  if (schema.type === 'boolean') {
    if (field.required) return { ...field, kind: 'checkbox', checked: value === true };
    const options = [
      { value: '', label: words.notStated },
      { value: 'true', label: words.yes },
      { value: 'false', label: words.no },
    ];
    return {
      ...field,
      kind: 'select',
      options,
      value: typeof value === 'boolean' ? String(value) : shown(value),
    };
  }
  const input = inputType(schema);
  // A browser empties a number or date input holding anything else: such a value, refused by the
  // validator, is shown in a text input so that the member sees what was sent.
  const fits =
    value === undefined ||
    (input.type === 'number'
      ? typeof value === 'number'
      : input.type !== 'date' || /^\d{4}-\d{2}-\d{2}$/.test(shown(value)));
  return { ...field, kind: 'input', ...(fits ? input : { type: 'text', step: '' }), value: shown(value) };
}

function jsonField(field: FieldBase, value: Json, state: FormState): FormNode {
  const text = state.raw[field.pointer] ?? (value === undefined ? '' : JSON.stringify(value, null, 2));
  return { ...field, kind: 'json', value: text };
}

export function formNode(
  pointer: string,
  name: string,
  schema: Schema,
  value: Json,
  required: boolean,
  words: FormWords,
  state: FormState,
): FormNode {
  const field = base(pointer, name, schema, required, words);
  if (state.raw[pointer] !== undefined) return jsonField(field, value, state);
  if (schema.type === 'object' && isObject(schema.properties)) {
    const held = isObject(value) ? value : {};
    if (value !== undefined && !isObject(value)) return jsonField(field, value, state);
    const needed = Array.isArray(schema.required) ? schema.required : [];
    const children = Object.entries(propertiesOf(schema)).map(([key, child]) =>
      formNode(
        childPointer(pointer, key),
        key,
        schemaOf(child),
        held[key],
        needed.includes(key),
        words,
        state,
      ),
    );
    return { ...field, kind: 'group', children };
  }
  if (schema.type === 'array' && isRepeatable(schema) && (value === undefined || Array.isArray(value))) {
    const held = Array.isArray(value) ? value : [];
    const more = state.more[pointer] ?? 0;
    const items = schemaOf(schema.items);
    // An item's own schema title is English only: a list whose label is translated names its items by it.
    const translated = words.field?.(schemaPath(pointer))?.label !== undefined;
    const itemLabel = typeof items.title === 'string' && !translated ? items.title : field.label;
    const slots = [...held, ...Array.from({ length: 1 + more }, () => undefined)];
    const nodes = slots.map((item, index) => {
      const node = formNode(childPointer(pointer, index), name, items, item, false, words, state);
      return { ...node, label: words.item(itemLabel, index + 1), hint: index === 0 ? node.hint : '' };
    });
    return { ...field, kind: 'list', items: nodes, more };
  }
  const typed = schema.type !== undefined || Array.isArray(schema.enum);
  if (typed && isScalar(schema) && !isObject(value) && !Array.isArray(value))
    return scalar(field, name, schema, value, words);
  return jsonField(field, value, state);
}

/** Every node of a tree by pointer, for placing errors. */
export function nodesByPointer(root: FormNode, out = new Map<string, FormNode>()): Map<string, FormNode> {
  out.set(root.pointer, root);
  if (root.kind === 'group') for (const child of root.children) nodesByPointer(child, out);
  if (root.kind === 'list') for (const item of root.items) nodesByPointer(item, out);
  return out;
}

/**
 * Puts each message beside the field its pointer names, or the nearest field holding it (an error
 * inside a JSON area goes to the area); the messages no field holds are returned.
 */
export function placeErrors(
  nodes: Map<string, FormNode>,
  errors: readonly { path?: string; message: string }[],
): string[] {
  const unplaced: string[] = [];
  for (const error of errors) {
    let pointer = error.path ?? '';
    let node = nodes.get(pointer);
    while (node === undefined && pointer.includes('/')) {
      pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      node = nodes.get(pointer);
    }
    if (node) node.errors.push(error.message);
    else unplaced.push(error.message);
  }
  return unplaced;
}
