// Acceptance: JSON-LD documents produced with the context expand offline with `jsonld` without
// dropping terms. Safe mode makes jsonld throw on any dropped key; the counts say the same again.
import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../categories/rules/index.ts';
import { categorySchemas } from '../categories/schemas/index.ts';
import { BASE, expandedIris, expandOffline, expectedIris } from './expand-support.ts';
import { dppContextUrl, secondaryContextUrl, vocabularyUrl } from './namespace.ts';
import { corePassport, passportDocument, unitView } from './samples.ts';

const NS = `${vocabularyUrl(BASE)}#`;

async function expectLossless(document: Record<string, unknown>): Promise<unknown[]> {
  const expanded = await expandOffline(document);
  const iris = expandedIris(expanded);
  expect(iris).toEqual(expectedIris(document));
  expect(iris.filter((iri) => !iri.startsWith(NS))).toEqual([]);
  return expanded;
}

describe('canonical context: category metadata (a)', () => {
  const schemaExamples = Object.entries(categorySchemas).map(([category, schema]) => {
    const examples = Array.isArray(schema.examples) ? schema.examples : [];
    return [category, examples[0]] as const;
  });

  it.each(schemaExamples)('%s: the schema example expands without loss', async (category, example) => {
    expect(example).toBeTypeOf('object');
    const expanded = await expectLossless(passportDocument(BASE, category, example));
    expect(expanded).toHaveLength(1);
  });

  it.each(Object.entries(RULE_SETS))(
    '%s: every rule example expands without loss',
    async (category, rules) => {
      for (const example of rules.examples)
        await expectLossless(passportDocument(BASE, category, example.metadata));
    },
  );

  it('types the passport and keeps the seal material as JSON literals', async () => {
    const [node] = (await expandOffline(passportDocument(BASE, 'textiles', {}))) as Record<string, unknown>[];
    expect(node?.['@type']).toEqual([`${NS}DigitalProductPassport`]);
    expect(node?.[`${NS}proof`]).toEqual([
      {
        '@type': '@json',
        '@value': expect.objectContaining({ redactedLeaves: { '/metadata/internalNotes': 'cd34' } }),
      },
    ]);
    expect(node?.[`${NS}digitalLinkUri`]).toEqual([{ '@id': `${BASE}/01/04012345000016` }]);
    expect(node?.[`${NS}lastUpdated`]).toEqual([
      { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2025-06-15T10:20:30.000Z' },
    ]);
  });

  it('drops an unknown key, so the check above can fail', async () => {
    const document = passportDocument(BASE, 'textiles', { notATerm: 1 });
    await expect(expandOffline(document)).rejects.toThrow(/Safe mode/);
  });
});

describe('battery unit view (b)', () => {
  it('expands with its context array and three events without loss', async () => {
    const view = unitView(BASE);
    expect(Array.isArray(view['@context'])).toBe(true);
    const [node] = (await expectLossless(view)) as Record<string, unknown>[];
    expect(node?.['@type']).toEqual([`${NS}BatteryUnit`]);
    const [list] = (node?.[`${NS}dynamicData`] ?? []) as { '@list': Record<string, unknown>[] }[];
    expect(list?.['@list']).toHaveLength(3);
    expect(list?.['@list'].map((e) => e['@type'])).toEqual(Array(3).fill([`${NS}BatteryUnitEvent`]));
    // Newest first is kept: the list keeps the order of recordedAt.
    const recorded = list?.['@list'].map(
      (e) => (e[`${NS}recordedAt`] as { '@value': string }[])[0]?.['@value'],
    );
    expect(recorded).toEqual([...(recorded ?? [])].sort().reverse());
    expect(list?.['@list'][1]?.[`${NS}payload`]).toEqual([{ '@type': '@json', '@value': [1, 2, 3] }]);
  });
});

describe('secondary context (c)', () => {
  const core = (contexts: string[]) => ({ '@context': contexts, ...corePassport(BASE) });

  it('expands a core passport document without loss', async () => {
    await expectLossless(core([secondaryContextUrl(BASE)]));
  });

  it('combines with the canonical context, whose definitions are the same', async () => {
    await expectLossless(core([secondaryContextUrl(BASE), dppContextUrl(BASE)]));
  });

  it('gives the same expansion as the canonical context', async () => {
    const viaSecondary = await expandOffline(core([secondaryContextUrl(BASE)]));
    expect(viaSecondary).toEqual(await expandOffline(core([dppContextUrl(BASE)])));
  });

  it('protects its terms', async () => {
    const redefined = { productId: 'https://elsewhere.example/id' };
    const document = { ...corePassport(BASE), '@context': [secondaryContextUrl(BASE), redefined] };
    await expect(expandOffline(document)).rejects.toThrow(/protected term/);
  });
});
