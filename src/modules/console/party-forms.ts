// The console's operator and facility forms: what the user typed turned into the API's bodies, and
// an API refusal turned back into a message next to the field it is about (by the error's path)
// plus a summary at the top, so the form comes back with everything the user typed.
import { countryInput } from '../../core/countries.ts';

/** A refusal as a form shows it: the API's message, and each field's message by its input id. */
export interface FormRefusal {
  message: string;
  fields: Record<string, string>;
  /** The message when it names no field of the form: the summary shows it on its own. */
  unplaced: string | null;
}

export const ADDRESS_FIELDS = ['street', 'postalCode', 'city', 'region', 'country'] as const;

/** The id of the input that edits an API path: `address.city` → `address-city`. */
export const inputId = (path: string) => path.replaceAll('.', '-');

/**
 * The field a message is about. The API words body-schema refusals as `body/address/country must …`
 * and `body must have required property 'name'`, and its own checks as `gln must …` or
 * `address.country must …`; a path that names no field of the form falls back to its parent.
 */
export function pathOf(message: string, paths: readonly string[]): string | null {
  const required = /^body must have required property '([\w.]+)'/.exec(message);
  const schema = /^body\/([\w/]+)\s/.exec(message);
  const own = /^([A-Za-z][\w.]*)\s/.exec(message);
  let path = required?.[1] ?? schema?.[1]?.replaceAll('/', '.') ?? own?.[1] ?? null;
  while (path) {
    const candidate = path;
    const known = paths.find((field) => field.toLowerCase() === candidate.toLowerCase());
    if (known) return known;
    const dot = path.lastIndexOf('.');
    path = dot > 0 ? path.slice(0, dot) : null;
  }
  return null;
}

/** An API refusal (its error body) laid on the form's fields. */
export function refusalOf(
  body: Record<string, unknown>,
  paths: readonly string[],
  /** Says a field's message in the page's words (party-words.ts); the API's words when absent. */
  explain: (path: string, message: string) => string = (_path, message) => message.replace(/^body\//, ''),
): FormRefusal {
  const message = typeof body.message === 'string' ? body.message : 'The request failed';
  const fields: Record<string, string> = {};
  const listed = Array.isArray(body.errors) ? body.errors : [];
  for (const item of listed) {
    const { path, message: text } = (item ?? {}) as { path?: unknown; message?: unknown };
    const known = typeof path === 'string' ? pathOf(`${path} `, paths) : null;
    if (known && typeof text === 'string') fields[inputId(known)] = explain(known, text);
  }
  const main = pathOf(message, paths);
  if (main && !fields[inputId(main)]) fields[inputId(main)] = explain(main, message);
  return { message, fields, unplaced: main ? null : message };
}

const trimmed = (form: Record<string, string>, name: string) => (form[name] ?? '').trim();
// A country is chosen from a list of names; a name posted as text (`Germany`, `Deutschland`) is
// read as its code, never cut to two letters (`GE` is Georgia).
const country = (form: Record<string, string>, name: string) => countryInput(trimmed(form, name));

/** The address fields the user filled in, or null when all are empty. */
export function addressOf(form: Record<string, string>): Record<string, string> | null {
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = field === 'country' ? country(form, 'address.country') : trimmed(form, `address.${field}`);
    if (value !== '') address[field] = value;
  }
  return Object.keys(address).length > 0 ? address : null;
}

/** Empty fields are sent as empty strings, so the API names the field that must not be empty. */
export function operatorCreateBody(form: Record<string, string>) {
  const address = addressOf(form);
  return {
    name: trimmed(form, 'name'),
    regIdScheme: trimmed(form, 'regIdScheme').toUpperCase(),
    regId: trimmed(form, 'regId'),
    role: form.role ?? '',
    ...(country(form, 'country') !== '' ? { country: country(form, 'country') } : {}),
    ...(address ? { address } : {}),
  };
}

/** An edit sends every editable field: an emptied country or address is cleared. */
export function operatorUpdateBody(form: Record<string, string>) {
  return {
    name: trimmed(form, 'name'),
    role: form.role ?? '',
    country: country(form, 'country') || null,
    address: addressOf(form),
  };
}

export function facilityBody(form: Record<string, string>, creating: boolean) {
  return {
    ...(creating ? { gln: trimmed(form, 'gln') } : {}),
    name: trimmed(form, 'name'),
    activity: trimmed(form, 'activity'),
    country: country(form, 'country'),
    address: addressOf(form),
    operatorId: form.operatorId ? form.operatorId : null,
  };
}

export const OPERATOR_PATHS = [
  'name',
  'regIdScheme',
  'regId',
  'role',
  'country',
  ...ADDRESS_FIELDS.map((field) => `address.${field}`),
];
export const FACILITY_PATHS = [
  'gln',
  'name',
  'activity',
  'country',
  'operatorId',
  ...ADDRESS_FIELDS.map((field) => `address.${field}`),
];

/** A stored operator or facility as the form's fields, for its edit page. */
export function formOf(record: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === 'string') form[name] = value;
  }
  const address = (record.address ?? {}) as Record<string, unknown>;
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (typeof value === 'string') form[`address.${field}`] = value;
  }
  return form;
}
