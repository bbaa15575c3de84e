import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isValidCasNumber, isValidEcNumber } from '../../materials/index.ts';
import { ACCESS_TIERS, SCHEMA_CATEGORIES, type SchemaCategory } from '../types.ts';
import { accessMap, categorySchemas, fieldAccess, type JsonSchemaObject, schemaHasField } from './index.ts';

// ajv-formats is CommonJS: the default import is the plugin or a module object carrying it.
const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  // Our annotations: validation ignores them, the redaction and unit code reads them.
  ajv.addKeyword({ keyword: 'x-access', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-unit', schemaType: 'string' });
  return ajv;
}

function exampleOf(category: SchemaCategory): Json {
  const examples = categorySchemas[category].examples;
  if (!Array.isArray(examples) || examples.length === 0) throw new Error(`${category} has no example`);
  return structuredClone(examples[0] as Json);
}

interface PropertyVisit {
  pointer: string;
  schema: JsonSchemaObject;
}

/** Every property schema with its metadata pointer (array items as `*`). */
function properties(schema: JsonSchemaObject, pointer = ''): PropertyVisit[] {
  const out: PropertyVisit[] = [];
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      out.push({ pointer: `${pointer}/${name}`, schema: child });
      out.push(...properties(child, `${pointer}/${name}`));
    }
  }
  if (isObject(schema.items)) out.push(...properties(schema.items, `${pointer}/*`));
  return out;
}

/** Pointers present in a document, with array indices folded to `*`. */
function instancePointers(value: Json, pointer = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) instancePointers(item, `${pointer}/*`, out);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      out.add(`${pointer}/${key}`);
      instancePointers(child as Json, `${pointer}/${key}`, out);
    }
  }
  return out;
}

interface RequiredCase {
  parent: string;
  field: string;
}

/** Every `required` field at the places where the example has a value for the parent object. */
function requiredCases(schema: JsonSchemaObject, value: Json, pointer = ''): RequiredCase[] {
  const cases: RequiredCase[] = [];
  if (Array.isArray(value) && isObject(schema.items) && value.length > 0) {
    cases.push(...requiredCases(schema.items, value[0] as Json, `${pointer}/0`));
  }
  if (!isObject(value)) return cases;
  if (Array.isArray(schema.required)) {
    for (const field of schema.required) cases.push({ parent: pointer, field: String(field) });
  }
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (isObject(child) && name in value)
        cases.push(...requiredCases(child, value[name] as Json, `${pointer}/${name}`));
    }
  }
  return cases;
}

function removeAt(doc: Json, parent: string, field: string): void {
  let node: Json = doc;
  for (const segment of parent.split('/').slice(1)) {
    node = Array.isArray(node)
      ? (node[Number(segment)] as Json)
      : ((node as Record<string, Json>)[segment] as Json);
  }
  delete (node as Record<string, Json>)[field];
}

describe.each(SCHEMA_CATEGORIES)('%s schema', (category) => {
  const schema = categorySchemas[category];
  const ajv = newAjv();
  const validate = ajv.compile(schema);

  it('is a 2020-12 object schema with our $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`https://opendpp.org/schemas/${category}/v1`);
    expect(schema.type).toBe('object');
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
  });

  it('accepts its example', () => {
    const ok = validate(exampleOf(category));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('has an example that uses every property', () => {
    const used = instancePointers(exampleOf(category));
    const unused = properties(schema)
      .map((p) => p.pointer)
      .filter((pointer) => !used.has(pointer));
    expect(unused).toEqual([]);
  });

  it('uses real CAS and EC numbers in its example (check digits)', () => {
    const text = JSON.stringify(exampleOf(category));
    for (const [, cas] of text.matchAll(/"casNumber":"([^"]+)"/g))
      expect(isValidCasNumber(cas ?? ''), cas).toBe(true);
    for (const [, ec] of text.matchAll(/"ecNumber":"([^"]+)"/g))
      expect(isValidEcNumber(ec ?? ''), ec).toBe(true);
  });

  it('rejects the example without each required field, naming the field', () => {
    const cases = requiredCases(schema, exampleOf(category));
    expect(cases.length).toBeGreaterThan(3);
    for (const { parent, field } of cases) {
      const doc = exampleOf(category);
      removeAt(doc, parent, field);
      expect(validate(doc), `${parent}/${field}`).toBe(false);
      const hit = (validate.errors ?? []).find(
        (e) => e.keyword === 'required' && e.instancePath === parent && e.params.missingProperty === field,
      );
      expect(hit, `${parent}/${field}`).toBeDefined();
    }
  });

  it('gives every property a title, a description and a valid x-access', () => {
    for (const { pointer, schema: property } of properties(schema)) {
      expect(typeof property.title, pointer).toBe('string');
      expect(String(property.description).length, pointer).toBeGreaterThan(3);
      expect(ACCESS_TIERS, pointer).toContain(property['x-access']);
    }
  });

  it('gives every number a unit', () => {
    const nodes = properties(schema).flatMap(({ pointer, schema: s }) =>
      isObject(s.items)
        ? [
            { pointer, schema: s },
            { pointer: `${pointer}/*`, schema: s.items },
          ]
        : [{ pointer, schema: s }],
    );
    for (const { pointer, schema: node } of nodes) {
      if (node.type === 'number' || node.type === 'integer') {
        expect(typeof node['x-unit'], pointer).toBe('string');
      }
    }
  });

  it('lists every annotated property in the access map, once', () => {
    const map = accessMap(category);
    expect(map).toBe(accessMap(category));
    expect(map.map((e) => e.pointer)).toEqual(properties(schema).map((p) => p.pointer));
    for (const entry of map) expect(fieldAccess(category, entry.pointer)).toBe(entry.access);
  });
});

describe('fieldAccess', () => {
  it('follows Annex XIII for batteries', () => {
    expect(fieldAccess('batteries', '/carbonFootprint/total')).toBe('public');
    expect(fieldAccess('batteries', '/generalInformation/batteryStatus')).toBe('legitimate-interest');
    expect(fieldAccess('batteries', '/materialComposition/detailedComposition/0/casNumber')).toBe(
      'legitimate-interest',
    );
    expect(fieldAccess('batteries', '/circularity/dismantlingInformation/documents/3/url')).toBe(
      'legitimate-interest',
    );
    expect(fieldAccess('batteries', '/testReports/0/url')).toBe('authority');
    expect(fieldAccess('batteries', '/internalNotes')).toBe('owner');
  });

  it('inherits from the nearest annotated ancestor and defaults to public', () => {
    expect(fieldAccess('batteries', '/circularity/safetyMeasures/notInSchema')).toBe('legitimate-interest');
    expect(fieldAccess('batteries', '/testReports')).toBe('authority');
    expect(fieldAccess('textiles', '/noSuchField')).toBe('public');
    expect(fieldAccess('textiles', '')).toBe('public');
  });

  it('keeps dynamic battery data and test reports out of the public tier', () => {
    for (const { pointer, access } of accessMap('batteries')) {
      if (pointer.startsWith('/batteryCondition')) expect(access, pointer).toBe('legitimate-interest');
      if (pointer.startsWith('/testReports')) expect(access, pointer).toBe('authority');
    }
  });

  it('reports which fields a schema defines', () => {
    expect(schemaHasField('chemicals', '/clpClassification/pictograms/0')).toBe(true);
    expect(schemaHasField('chemicals', '/clpClassification/nothing')).toBe(false);
  });
});
