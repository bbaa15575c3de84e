import type { JsonLdDocument, Options } from 'jsonld';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../categories/schemas/index.ts';
import { dppContext } from './context.ts';
import { vocabulary } from './vocabulary.ts';

const BASE = 'https://dpp.example.com';
const NS = `${BASE}/ns/dpp#`;
const terms = Object.keys(dppContext(BASE)['@context']).filter((k) => !k.startsWith('@'));
const graph = vocabulary(BASE)['@graph'];
const node = (term: string) => graph.find((n) => n['@id'] === `dpp:${term}`);

describe('vocabulary (d)', () => {
  it('lists every term of the context, once', () => {
    const ids = graph.map((n) => n['@id']).filter((id) => id.startsWith('dpp:'));
    expect(ids).toEqual(terms.map((t) => `dpp:${t}`));
  });

  it('types classes and properties and gives each an English label and comment', () => {
    expect(node('BatteryUnit')?.['@type']).toBe('rdfs:Class');
    expect(node('serialNumber')?.['@type']).toBe('rdf:Property');
    for (const n of graph) {
      expect(n['rdfs:label']['@value'], n['@id']).not.toBe('');
      expect(n['rdfs:comment']['@value'], n['@id']).not.toBe('');
      expect(n['rdfs:label']['@language']).toBe('en');
    }
  });

  it('takes labels, comments and units of category terms from the schema', () => {
    const batteries = categorySchemas.batteries as {
      properties: Record<string, { properties: Record<string, Record<string, string>> }>;
    };
    const mass = batteries.properties.generalInformation?.properties.batteryMass;
    expect(node('batteryMass')?.['rdfs:label']['@value']).toBe(mass?.title);
    expect(node('batteryMass')?.['rdfs:comment']['@value']).toBe(mass?.description);
    expect(node('batteryMass')?.['schema:unitCode']).toBe('kg');
    expect(node('total')?.['schema:unitCode']).toBeUndefined();
    expect(node('total')?.['rdfs:comment']['@value']).toMatch(/kgCO2e\/kWh.*tCO2e\/t/);
  });

  it('gives domains and ranges where they are clear', () => {
    expect(node('serialNumber')?.['rdfs:domain']).toEqual({ '@id': 'dpp:BatteryUnit' });
    expect(node('createdAt')?.['schema:domainIncludes']).toContainEqual({ '@id': 'dpp:BatteryUnitEvent' });
    expect(node('dynamicData')?.['rdfs:range']).toEqual({ '@id': 'dpp:BatteryUnitEvent' });
    expect(node('issuedOn')?.['rdfs:range']).toEqual({ '@id': 'http://www.w3.org/2001/XMLSchema#date' });
  });

  it('is JSON-LD that expands without loss to IRIs in the namespace', async () => {
    // `safe` exists in jsonld 8 but not in @types/jsonld 1.5; the document has an inline context.
    const options: Options.Expand & { safe: boolean } = { safe: true };
    const expanded = await jsonld.expand(vocabulary(BASE) as unknown as JsonLdDocument, options);
    const ids = expanded.map((n) => n['@id']);
    expect(ids).toContain(`${NS}DigitalProductPassport`);
    expect(ids).toContain(`${NS}payload`);
  });
});
