// The passport form of the console: the fields around the metadata (product identifier, origin,
// granularity, and on creation status, operator and facility; on edit the reason), the metadata
// generated from the category schema, and the placing of the API's validation errors beside them.

import { countryInput, countryOptions } from '../../core/countries.ts';
import { fieldText } from '../../core/field-labels.ts';
import { type Lang, t as translate, valueLabel } from '../../core/i18n.ts';
import { categorySchemas } from '../../domain/categories/schemas/index.ts';
import { type Category, SCHEMA_CATEGORIES, type SchemaCategory } from '../../domain/categories/types.ts';
import { readMetadata } from '../../domain/passports/form-values.ts';
import {
  type FormNode,
  type FormState,
  type FormWords,
  fieldId,
  formNode,
  nodesByPointer,
  placeErrors,
  type Schema,
} from '../../domain/passports/schema-form.ts';
import type { Unconfirmed } from '../../domain/passports/unconfirmed.ts';
import type { SignedInPage } from './frame.ts';
import { names } from './names.ts';
import { enumLabel } from './page-words.ts';
import { markerProblems, markNodes, sectionPaths, within } from './passport-form-marks.ts';
import { ENVELOPE, expandMissing, type Problem, sectionOf, sectionsOf } from './passport-form-sections.ts';

export type FormMode = 'create' | 'edit';
export interface Party {
  id: string;
  name: string;
}
export interface FormValues {
  productId: string;
  originCountry: string;
  granularity: string;
  commodityCode: string;
  status: string;
  operatorId: string;
  facilityId: string;
  changeReason: string;
  metadata: unknown;
}
export type FormProblem = Problem;

export const schemaFor = (category: Category): Schema | undefined =>
  (SCHEMA_CATEGORIES as readonly string[]).includes(category)
    ? categorySchemas[category as SchemaCategory]
    : undefined;

const field = (pointer: string, label: string, required = false, hint = '') => ({
  pointer,
  id: fieldId(pointer),
  label,
  hint,
  required,
  errors: [] as string[],
});

/** The envelope fields of the form, as nodes like the metadata's. */
function envelope(
  mode: FormMode,
  values: FormValues,
  t: SignedInPage['t'],
  parties: Parties,
  lang: Lang,
): FormNode[] {
  const countries = [{ value: '', label: t('words.chooseCountry') }, ...countryOptions(lang)];
  if (!countries.some((option) => option.value === values.originCountry))
    countries.push({ value: values.originCountry, label: values.originCountry });
  const nodes: FormNode[] = [
    {
      ...field('/productId', t('forms.productId'), true, t('forms.productIdHint')),
      kind: 'input',
      type: 'text',
      step: '',
      value: values.productId,
    },
    {
      ...field('/originCountry', t('forms.originCountry')),
      kind: 'select',
      options: countries,
      value: values.originCountry,
    },
    {
      ...field('/granularity', t('forms.granularity')),
      kind: 'select',
      options: ['model', 'batch', 'item'].map((value) => ({ value, label: names(lang).granularity(value) })),
      value: values.granularity || 'model',
    },
    {
      ...field('/commodityCode', t('forms.commodityCode'), false, t('forms.commodityCodeHint')),
      kind: 'input',
      type: 'text',
      step: '',
      value: values.commodityCode,
    },
  ];
  if (mode === 'edit') {
    nodes.push({
      ...field('/changeReason', t('forms.changeReason'), false, t('passports.reasonHint')),
      kind: 'input',
      type: 'text',
      step: '',
      value: values.changeReason,
    });
    return nodes;
  }
  const choose = (list: Party[], blank: string) => [
    { value: '', label: blank },
    ...list.map((party) => ({ value: party.id, label: party.name })),
  ];
  nodes.push(
    {
      ...field('/status', t('forms.initialStatus')),
      kind: 'select',
      options: ['ACTIVE', 'DRAFT'].map((value) => ({ value, label: enumLabel(lang, value) })),
      value: values.status || 'ACTIVE',
    },
    {
      ...field('/operatorId', t('forms.operator')),
      kind: 'select',
      options: choose(parties.operators, t('forms.anyOperator')),
      value: values.operatorId,
    },
    {
      ...field('/facilityId', t('forms.facility')),
      kind: 'select',
      options: choose(parties.facilities, t('forms.noFacility')),
      // A fresh form names the workspace's only facility; a form shown again keeps what was chosen.
      value:
        values.facilityId === SOLE_FACILITY
          ? parties.facilities.length === 1
            ? (parties.facilities[0]?.id ?? '')
            : ''
          : values.facilityId,
    },
  );
  return nodes;
}

export interface Parties {
  operators: Party[];
  facilities: Party[];
}

export interface FormView {
  lang: Lang;
  /** The section shown; none: the whole form on one page. */
  section?: string;
  /** Where a section of this passport is edited. */
  sectionHref?: (section: string) => string;
  /** The problems of the whole passport as it is stored, shown as what is left before publishing. */
  checklist?: readonly Problem[];
  /** The stored passport's warnings: worth a look, they do not stop publishing. */
  advisories?: readonly Problem[];
  /** The draft's values nobody has confirmed yet: marked, listed, and confirmable by section. */
  unconfirmed?: readonly Unconfirmed[];
}

/**
 * A number input takes only the browser's own decimal sign: where the page's language writes a
 * comma, numbers are text inputs with a decimal keyboard, shown with a comma and read either way.
 */
function withDecimalComma(node: FormNode): void {
  if (node.kind !== 'input' || node.type !== 'number') return;
  node.inputmode = node.step === '1' ? 'numeric' : 'decimal';
  node.type = 'text';
  node.step = '';
  if (/^-?\d+\.\d+$/.test(node.value)) node.value = node.value.replace('.', ',');
}

const EXPLAINED = new Set(['PATTERN_MISMATCH', 'INVALID_FORMAT', 'WRONG_TYPE']);

/** Everything the form's template needs: the nodes with their errors, and the summary of errors. */
export function formModel(
  page: SignedInPage,
  mode: FormMode,
  category: Category,
  values: FormValues,
  state: FormState,
  problems: readonly Problem[],
  parties: Parties = { operators: [], facilities: [] },
  view: FormView = { lang: 'en' },
) {
  const t = page.t;
  const schema = schemaFor(category);
  const words: FormWords = {
    notStated: t('forms.notStated'),
    yes: t('forms.yes'),
    no: t('forms.no'),
    item: (label, n) => t('forms.item', { label, n }),
    field: (path) => fieldText(view.lang, category, path),
    value: (value) => valueLabel(view.lang, value),
    countries: countryOptions(view.lang),
  };
  const fields = envelope(mode, values, t, parties, view.lang);
  const metadata = formNode('/metadata', 'metadata', schema ?? {}, values.metadata, true, words, state);
  // The schema's own description of the whole speaks to developers (x-access, UCUM); the page says less.
  metadata.label = t('forms.metadata');
  metadata.hint = '';
  const nodes = nodesByPointer(metadata);
  for (const node of fields) nodes.set(node.pointer, node);
  if (!POINT_LANGUAGES.includes(view.lang)) for (const node of nodes.values()) withDecimalComma(node);
  const missing = (field: string) => translate(view.lang, 'validation.REQUIRED_FIELD_MISSING', { field });
  // A message that says the form is wrong also says the form expected, from the field's help.
  // A missing field is named by its label, as the member sees it, not by its path.
  const worded = (problem: Problem): Problem => {
    const node = problem.path ? nodes.get(problem.path) : undefined;
    return problem.code === 'REQUIRED_FIELD_MISSING' && node
      ? { ...problem, message: t('words.errors.required', { label: node.label }) }
      : problem;
  };
  const explained = (problem: Problem): Problem => {
    const hint = problem.path ? nodes.get(problem.path)?.hint : undefined;
    return EXPLAINED.has(problem.code ?? '') && hint
      ? { ...problem, message: `${problem.message} ${t('create.expected', { hint })}` }
      : problem;
  };
  const local = Object.keys(state.raw).map((path) => ({ path, message: t('forms.jsonInvalid') }));
  const unplaced = placeErrors(nodes, [
    ...local,
    ...expandMissing(schema, problems, missing).map(worded).map(explained),
  ]);
  const markers = view.unconfirmed ?? [];
  markNodes(nodes.values(), markers);
  const sections = sectionsOf(schema);
  const shown = view.section;
  const hrefOf = (pointer: string, id: string) => {
    const section = sectionOf(pointer, sections);
    return shown === undefined || section === shown || !view.sectionHref
      ? `#${id}`
      : `${view.sectionHref(section)}#${id}`;
  };
  const summary = [...nodes.values()].flatMap((node) =>
    node.errors.map((message) => ({ href: hrefOf(node.pointer, node.id), label: node.label, message })),
  );
  const linked = (problem: Problem) => {
    let pointer = problem.path ?? '';
    while (!nodes.has(pointer) && pointer.includes('/')) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
    const node = nodes.get(pointer);
    return {
      section: sectionOf(pointer, sections),
      href: node ? hrefOf(node.pointer, node.id) : '#',
      label: node?.label ?? '',
      message: problem.message,
    };
  };
  const checklist = [
    ...(view.checklist === undefined ? [] : expandMissing(schema, view.checklist, missing)).map(worded),
    ...markerProblems(markers, t),
  ].map(linked);
  const advisories = (view.advisories ?? []).map(linked);
  const labelOf = (section: string) =>
    section === ENVELOPE
      ? t('passports.one')
      : section === 'metadata'
        ? metadata.label
        : (nodes.get(`/metadata/${section}`)?.label ?? section);
  const nav =
    shown === undefined || !view.sectionHref
      ? []
      : sections.map((section) => ({
          name: section,
          label: labelOf(section),
          href: (view.sectionHref as (s: string) => string)(section),
          current: section === shown,
          open: checklist.filter((item) => item.section === section).length,
        }));
  const visible =
    shown === undefined
      ? { fields, metadata }
      : shown === ENVELOPE
        ? { fields, metadata: null }
        : {
            fields: [],
            metadata: shown === 'metadata' ? metadata : (nodes.get(`/metadata/${shown}`) ?? null),
          };
  const position = shown === undefined ? -1 : sections.indexOf(shown);
  return {
    ...visible,
    summary,
    unplaced,
    category,
    mode,
    nav,
    section: shown ?? null,
    next: position >= 0 && position < sections.length - 1 ? sections[position + 1] : null,
    progress: { at: position + 1, of: sections.length, done: nav.filter((item) => item.open === 0).length },
    checklist,
    advisories,
    // The section shown holds values to confirm: it offers to confirm them all at once.
    confirmable:
      shown !== undefined &&
      markers.some((marker) => sectionPaths(shown).some((part) => within(marker.path, part))),
  };
}

const text = (fields: URLSearchParams, name: string) => (fields.getAll(name).at(-1) ?? '').trim();

/** The posted form: its values, what did not parse, and the blank items asked for. */
// Languages that write a decimal comma (12,5); English, Irish and Maltese write a point.
export const POINT_LANGUAGES: readonly Lang[] = ['en', 'ga', 'mt'];

/** Country fields posted as a name (`Germany`) hold its code (`DE`), never the name cut to two letters. */
function countriesAsCodes(fields: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of fields) {
    const country = name.startsWith('/metadata/') && /country\w*$/i.test(name) && value.trim().length > 2;
    out.append(name, country ? countryInput(value) : value);
  }
  return out;
}

/** The posted fields without the list items whose remove button was pressed (`/metadata/a/1`). */
function withoutItems(fields: URLSearchParams, removed: readonly string[]): URLSearchParams {
  const items = removed.filter((pointer) => /^\/metadata\/.+\/\d+$/.test(pointer));
  if (items.length === 0) return fields;
  const out = new URLSearchParams();
  for (const [name, value] of fields)
    if (!items.some((item) => name === item || name.startsWith(`${item}/`))) out.append(name, value);
  return out;
}

export function readForm(fields: URLSearchParams, category: Category, lang: Lang = 'en') {
  const decimalComma = !POINT_LANGUAGES.includes(lang);
  const removed = fields.getAll('_remove').slice(0, 50);
  const kept = withoutItems(countriesAsCodes(fields), removed);
  const { metadata, raw } = readMetadata(kept, schemaFor(category), { decimalComma });
  const more: Record<string, number> = {};
  for (const pointer of [...fields.getAll('_more'), ...fields.getAll('_add')].slice(0, 50))
    more[pointer] = (more[pointer] ?? 0) + 1;
  const values: FormValues = {
    productId: text(fields, '/productId'),
    // A country is chosen by name; posted as text, a name or code is read as its code (countries.ts).
    originCountry: countryInput(text(fields, '/originCountry')),
    granularity: text(fields, '/granularity'),
    commodityCode: text(fields, '/commodityCode'),
    status: text(fields, '/status'),
    operatorId: text(fields, '/operatorId'),
    facilityId: text(fields, '/facilityId'),
    changeReason: text(fields, '/changeReason'),
    metadata,
  };
  // Adding or removing an item shows the form again with it, and saves nothing.
  return { values, state: { raw, more }, adding: fields.getAll('_add').length > 0 || removed.length > 0 };
}

/** The API body of a form: blank optional fields are left out (on edit, a blank origin clears it). */
export function apiBody(mode: FormMode, category: Category, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { category, metadata: values.metadata };
  if (values.productId) body.productId = values.productId;
  if (values.originCountry) body.originCountry = values.originCountry;
  else if (mode === 'edit') body.originCountry = null;
  if (values.granularity) body.granularity = values.granularity;
  if (values.commodityCode) body.commodityCode = values.commodityCode;
  else if (mode === 'edit') body.commodityCode = null;
  if (mode === 'edit') {
    if (values.changeReason) body.changeReason = values.changeReason;
    return body;
  }
  if (values.status) body.status = values.status;
  if (values.operatorId) body.operatorId = values.operatorId;
  if (values.facilityId && values.facilityId !== SOLE_FACILITY) body.facilityId = values.facilityId;
  return body;
}

/** The form's values from a passport as its owner reads it. */
export function valuesOf(passport: Record<string, unknown>): FormValues {
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    productId: str(passport.productId),
    originCountry: str(passport.originCountry),
    granularity: str(passport.granularity),
    commodityCode: str(passport.commodityCode),
    status: str(passport.status),
    operatorId: '',
    facilityId: '',
    changeReason: '',
    metadata: passport.metadata,
  };
}

/** The facility of a form not yet posted: the workspace's only one, else none. */
export const SOLE_FACILITY = '\u0000sole';

export const emptyValues = (): FormValues => ({
  productId: '',
  originCountry: '',
  granularity: 'model',
  commodityCode: '',
  status: 'ACTIVE',
  operatorId: '',
  facilityId: SOLE_FACILITY,
  changeReason: '',
  metadata: undefined,
});
