import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../categories/rules/index.ts';
import type { FieldSpec } from '../categories/rules/spec.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import { dppContext } from './context.ts';
import { termIri, vocabularyUrl } from './namespace.ts';
import { termConflicts } from './terms.ts';
import type { TermDefinition } from './types.ts';
import { batteryUnitViewContext, UNIT_VIEW_TERMS } from './unit-view-context.ts';

const BASE = 'https://dpp.example.com';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const context = dppContext(BASE)['@context'];
const definitions = Object.entries(context).filter(([key]) => !key.startsWith('@')) as [
  string,
  TermDefinition,
][];
const definition = (term: string) => context[term] as TermDefinition | undefined;

// An independent scan: every key under any `properties` of a schema, at any depth.
function schemaNames(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemaNames(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' && typeof child === 'object' && child !== null) {
        for (const name of Object.keys(child)) out.add(name);
      }
      if (key !== 'examples') schemaNames(child, out);
    }
  }
  return out;
}

function specNames(spec: FieldSpec, out: Set<string>): Set<string> {
  if (spec.type === 'object') {
    for (const [name, child] of Object.entries(spec.properties)) specNames(child, out.add(name));
  } else if (spec.type === 'array') specNames(spec.items, out);
  return out;
}

describe('dppContext', () => {
  it('is a JSON-LD 1.1 context with explicit terms only', () => {
    expect(context['@version']).toBe(1.1);
    expect(Object.keys(context).filter((k) => k.startsWith('@'))).toEqual(['@version']);
    expect(definitions.length).toBeGreaterThan(400);
  });

  it('maps every term under {base_url}/ns/dpp# (e)', () => {
    for (const [term, d] of definitions) expect(d['@id'], term).toBe(`${vocabularyUrl(BASE)}#${term}`);
  });

  it('uses only names that JSON-LD reads as plain terms (no @, no colon)', () => {
    expect(definitions.map(([term]) => term).filter((t) => !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(t))).toEqual([]);
  });

  it('keeps id a plain term: our documents carry both @id and a UUID id', () => {
    expect(definition('id')).toEqual({ '@id': termIri(BASE, 'id') });
  });

  it('defines every property name of the five category schemas', () => {
    const names = new Set<string>();
    for (const schema of Object.values(categorySchemas)) schemaNames(schema, names);
    expect(names.size).toBeGreaterThan(300);
    expect([...names].filter((n) => definition(n) === undefined)).toEqual([]);
  });

  it('defines every field of the rule categories', () => {
    const names = new Set<string>();
    for (const rules of Object.values(RULE_SETS)) specNames(rules.fields, names);
    expect([...names].filter((n) => definition(n) === undefined)).toEqual([]);
  });

  it.each([
    ['digitalLinkUri', '@id', undefined],
    ['digitalProductPassportId', '@id', undefined],
    ['uniqueProductIdentifier', '@id', undefined],
    ['contentSpecificationIds', '@id', '@set'],
    ['thirdPartyAssuranceUrls', '@id', '@set'],
    ['studyUrl', '@id', undefined],
    ['lastUpdated', `${XSD}dateTime`, undefined],
    ['recordedAt', `${XSD}dateTime`, undefined],
    ['validUntil', `${XSD}dateTime`, undefined],
    ['issuedOn', `${XSD}date`, undefined],
    ['payload', '@json', undefined],
    ['proof', '@json', undefined],
    ['redactedLeaves', '@json', undefined],
    ['dynamicData', undefined, '@list'],
    ['steps', undefined, '@list'],
    ['hazardStatements', undefined, '@set'],
    ['economicOperatorId', undefined, undefined],
    ['manufacturingDate', undefined, undefined],
  ])('%s: @type %s, @container %s', (term, type, container) => {
    expect(definition(term)?.['@type']).toBe(type);
    expect(definition(term)?.['@container']).toBe(container);
  });

  it('has no name whose uses ask for different coercions', () => {
    // Names shared with different meanings (category, version, stateOfHealth, value, total …) all
    // fit one flat definition today; a new conflict needs a decision, recorded here.
    expect(termConflicts()).toEqual([]);
  });

  it('builds the same IRIs with or without a trailing slash on the base URL', () => {
    expect(dppContext(`${BASE}/`)).toEqual(dppContext(BASE));
  });
});

describe('batteryUnitViewContext', () => {
  it('is the context URL plus an inline map equal to the canonical definitions', () => {
    const [url, inline] = batteryUnitViewContext(BASE);
    expect(url).toBe(`${BASE}/contexts/dpp/v1`);
    expect(Object.keys(inline).sort()).toEqual([...UNIT_VIEW_TERMS].sort());
    for (const [term, d] of Object.entries(inline)) expect(d).toEqual(definition(term));
  });
});
