// A lossless encoding of any JSON value as AAS submodel elements, so that every passport field
// travels through an environment and comes back with its type, its key and its place:
//
//   object  → SubmodelElementCollection (members in order; no `value` when empty)
//   array   → SubmodelElementList (items in order; no `value` when empty)
//   string  → Property xs:string, or xs:base64Binary (UTF-8) when AAS text cannot hold it
//   number  → Property xs:double (the shortest text that reads back as the same double)
//   boolean → Property xs:boolean
//   null    → Property without a value
//
// A key that is not a valid idShort (`@id`, `/metadata/x`, `x-1`) gets a derived idShort and a
// qualifier `JSON_KEY_QUALIFIER` holding the key itself. A list whose items are not all of one AAS
// kind (say numbers and objects) wraps every item in a collection with one member `item`, and says
// so with the qualifier `JSON_ITEMS_QUALIFIER` = `wrapped`, because AAS lists are homogeneous.
import { types, verification } from '@aas-core-works/aas-core3.0-typescript';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Jsonable = Record<string, unknown>;

export const JSON_KEY_QUALIFIER = 'opendpp:jsonKey';
export const JSON_ITEMS_QUALIFIER = 'opendpp:jsonArrayItems';
const WRAPPED = 'wrapped';
const WRAPPED_MEMBER = 'item';
const ID_SHORT_MAX = 128;

/** AASd-130: whether AAS text can hold the string (the characters of XML 1.0). */
export const isAasText = (value: string) => verification.matchesXmlSerializableString(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A replacement for a JSON value an element has to stand for: a template link, say. */
export type Substitute = (pointer: string, value: Json) => Jsonable | undefined;

interface Slot {
  modelType: string;
  valueType?: string;
}

function scalarValueType(value: string | number | boolean): string {
  if (typeof value === 'number') return 'xs:double';
  if (typeof value === 'boolean') return 'xs:boolean';
  return isAasText(value) ? 'xs:string' : 'xs:base64Binary';
}

function slotOf(value: Json): Slot | null {
  if (value === null) return null;
  if (Array.isArray(value)) return { modelType: 'SubmodelElementList' };
  if (typeof value === 'object') return { modelType: 'SubmodelElementCollection' };
  return { modelType: 'Property', valueType: scalarValueType(value) };
}

export function scalarText(value: string | number | boolean): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JSON numbers are finite');
    // String(-0) is "0"; xs:double has a negative zero, and JSON.parse('-0') gives one.
    return Object.is(value, -0) ? '-0' : String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (isAasText(value)) return value;
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) {
    throw new TypeError('A string with an unpaired surrogate cannot travel in an environment');
  }
  return Buffer.from(value, 'utf8').toString('base64');
}

function keyQualifier(key: string): Jsonable {
  return isAasText(key)
    ? { type: JSON_KEY_QUALIFIER, valueType: 'xs:string', value: key }
    : { type: JSON_KEY_QUALIFIER, valueType: 'xs:base64Binary', value: scalarText(key) };
}

/**
 * An idShort for every key of an object, unique among them: the key itself when it is a valid
 * idShort, else the key with other characters turned into `_` (and a leading letter), numbered on
 * a clash. Keys that are valid idShorts are served first, so they never change.
 */
export function idShortsFor(keys: readonly string[]): string[] {
  const valid = (key: string) => key.length <= ID_SHORT_MAX && verification.matchesIdShort(key);
  const taken = new Set(keys.filter(valid));
  return keys.map((key) => {
    if (valid(key)) return key;
    let base = key.replace(/[^A-Za-z0-9_]/g, '_').replace(/^_+/, '');
    if (!/^[A-Za-z]/.test(base)) base = `k${base}`;
    base = base.slice(0, ID_SHORT_MAX - 8);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}_${n}`;
    taken.add(candidate);
    return candidate;
  });
}

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The members of an object as elements (the children of a collection, or of a submodel). */
export function membersToElements(
  object: Record<string, Json>,
  pointer: string,
  substitute: Substitute,
): Jsonable[] {
  const keys = Object.keys(object);
  const idShorts = idShortsFor(keys);
  return keys.map((key, index) => {
    const idShort = idShorts[index] as string;
    const at = `${pointer}/${escapeToken(key)}`;
    const value = object[key] as Json;
    const element = substitute(at, value) ?? valueToElement(value, at, substitute);
    if (idShort === key) return { ...element, idShort };
    const qualifiers = [keyQualifier(key), ...((element.qualifiers as Jsonable[] | undefined) ?? [])];
    return { ...element, idShort, qualifiers };
  });
}

function listToElement(items: Json[], pointer: string, substitute: Substitute): Jsonable {
  const slots = items.map(slotOf);
  const first = slots.find((slot) => slot !== null) ?? { modelType: 'Property', valueType: 'xs:string' };
  const uniform = slots.every((slot) =>
    slot === null
      ? first.modelType === 'Property'
      : slot.modelType === first.modelType && slot.valueType === first.valueType,
  );
  const at = (index: number) => `${pointer}/${index}`;
  if (uniform) {
    return {
      modelType: 'SubmodelElementList',
      typeValueListElement: first.modelType,
      ...(first.valueType ? { valueTypeListElement: first.valueType } : {}),
      ...(items.length > 0
        ? { value: items.map((item, index) => valueToElement(item, at(index), substitute, first.valueType)) }
        : {}),
    };
  }
  return {
    modelType: 'SubmodelElementList',
    qualifiers: [{ type: JSON_ITEMS_QUALIFIER, valueType: 'xs:string', value: WRAPPED }],
    typeValueListElement: 'SubmodelElementCollection',
    value: items.map((item, index) => ({
      modelType: 'SubmodelElementCollection',
      value: [{ ...valueToElement(item, at(index), substitute), idShort: WRAPPED_MEMBER }],
    })),
  };
}

/** One JSON value as an element without idShort; `nullType` is the value type a null takes. */
export function valueToElement(
  value: Json,
  pointer: string,
  substitute: Substitute,
  nullType = 'xs:string',
): Jsonable {
  if (value === null) return { modelType: 'Property', valueType: nullType };
  if (Array.isArray(value)) return listToElement(value, pointer, substitute);
  if (isObject(value)) {
    const members = membersToElements(value, pointer, substitute);
    return { modelType: 'SubmodelElementCollection', ...(members.length > 0 ? { value: members } : {}) };
  }
  return { modelType: 'Property', valueType: scalarValueType(value), value: scalarText(value) };
}

// ---- reading back -------------------------------------------------------------------------------

export class ElementError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const decodeBase64Text = (text: string) => Buffer.from(text, 'base64').toString('utf8');

/** The JSON key an element stands for: its key qualifier, else its idShort. */
export function keyOf(element: types.ISubmodelElement, path: string): string {
  const qualifier = element.qualifiers?.find((q) => q.type === JSON_KEY_QUALIFIER);
  if (qualifier?.value != null) {
    return qualifier.valueType === types.DataTypeDefXsd.Base64Binary
      ? decodeBase64Text(qualifier.value)
      : qualifier.value;
  }
  if (element.idShort == null) throw new ElementError(`${path}/idShort`, 'A member needs an idShort');
  return element.idShort;
}

const NUMERIC_TYPES = new Set([
  types.DataTypeDefXsd.Double,
  types.DataTypeDefXsd.Float,
  types.DataTypeDefXsd.Decimal,
  types.DataTypeDefXsd.Integer,
  types.DataTypeDefXsd.Long,
  types.DataTypeDefXsd.Int,
  types.DataTypeDefXsd.Short,
  types.DataTypeDefXsd.Byte,
  types.DataTypeDefXsd.NonNegativeInteger,
  types.DataTypeDefXsd.PositiveInteger,
  types.DataTypeDefXsd.NonPositiveInteger,
  types.DataTypeDefXsd.NegativeInteger,
  types.DataTypeDefXsd.UnsignedLong,
  types.DataTypeDefXsd.UnsignedInt,
  types.DataTypeDefXsd.UnsignedShort,
  types.DataTypeDefXsd.UnsignedByte,
]);

/** A Property's value as JSON, by its value type (other value types read as strings). */
export function propertyValue(property: types.Property): Json {
  const text = property.value;
  if (text == null) return null;
  const type = property.valueType;
  if (type === types.DataTypeDefXsd.Boolean) return text === 'true' || text === '1';
  if (type === types.DataTypeDefXsd.Base64Binary) return decodeBase64Text(text);
  if (NUMERIC_TYPES.has(type)) return Number(text);
  return text;
}

/** The English text of a MultiLanguageProperty (we write English), else its first text. */
export function languageText(element: types.MultiLanguageProperty): string | null {
  const texts = element.value ?? [];
  return (texts.find((text) => text.language.toLowerCase().startsWith('en')) ?? texts[0])?.text ?? null;
}

/** Resolves what a substitute stood for (a template link) back to its JSON value. */
export type Resolve = (element: types.ISubmodelElement, path: string) => Json | undefined;

export function elementsToMembers(
  elements: readonly types.ISubmodelElement[] | null,
  path: string,
  resolve: Resolve,
): Record<string, Json> {
  const object: Record<string, Json> = {};
  for (const [index, element] of (elements ?? []).entries()) {
    const at = `${path}/${index}`;
    const key = keyOf(element, at);
    if (Object.hasOwn(object, key)) throw new ElementError(at, `Member '${key}' appears twice`);
    // A key such as `__proto__` must become an own member, never the prototype.
    Object.defineProperty(object, key, {
      value: elementToValue(element, at, resolve),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

export function elementToValue(element: types.ISubmodelElement, path: string, resolve: Resolve): Json {
  const resolved = resolve(element, path);
  if (resolved !== undefined) return resolved;
  if (element instanceof types.Property) return propertyValue(element);
  if (element instanceof types.SubmodelElementCollection) {
    return elementsToMembers(element.value, `${path}/value`, resolve);
  }
  if (element instanceof types.SubmodelElementList) {
    const wrapped = element.qualifiers?.some((q) => q.type === JSON_ITEMS_QUALIFIER && q.value === WRAPPED);
    return (element.value ?? []).map((item, index) => {
      const at = `${path}/value/${index}`;
      if (!wrapped) return elementToValue(item, at, resolve);
      const inner = item instanceof types.SubmodelElementCollection ? item.value : null;
      if (inner?.length !== 1) throw new ElementError(at, 'A wrapped list item holds exactly one element');
      return elementToValue(inner[0] as types.ISubmodelElement, `${at}/value/0`, resolve);
    });
  }
  if (element instanceof types.MultiLanguageProperty) return languageText(element);
  throw new ElementError(path, `A ${element.constructor.name} cannot stand for a passport value`);
}
