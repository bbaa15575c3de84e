// The passport page as markup: every category example renders with its key figures and all of its
// data, masked views offer the request-access link and never the withheld values, a recall comes
// first, values are written in the reader's language and data never becomes markup.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, valueLabel } from '../../src/core/i18n.ts';
import { fieldAccess } from '../../src/domain/categories/schemas/index.ts';
import type { SchemaCategory } from '../../src/domain/categories/types.ts';
import { keyFigureIds } from '../../src/domain/passports/key-figures.ts';
import { passportPageModel, passportPageSeal } from '../../src/domain/passports/page.ts';
import type { DataNode, DataSection } from '../../src/domain/passports/page-data.ts';
import { humanise, schemaNode } from '../../src/domain/passports/page-format.ts';
import {
  CATEGORIES,
  example,
  ownerDocument,
  pageInput,
  REQUEST_ACCESS_URL,
  renderPage,
  VERIFY_URL,
  viewFor,
} from '../helpers/passport-page.ts';

const EXPECTED_FIGURES: Record<SchemaCategory, string[]> = {
  batteries: [
    'chemistry',
    'ratedCapacity',
    'ratedEnergy',
    'carbonFootprint',
    'recycledContent',
    'stateOfHealth',
  ],
  textiles: ['fibreComposition', 'recycledContent', 'carbonFootprint', 'expectedWashCycles', 'repairability'],
  electronics: [
    'energyClass',
    'repairability',
    'sparePartsAvailability',
    'softwareUpdates',
    'recycledPlastic',
    'recycledMetal',
  ],
  chemicals: ['signalWord', 'pictograms', 'hazardStatements', 'ufi', 'flashPoint'],
  construction: [
    'declarationOfPerformance',
    'carbonFootprint',
    'recycledContent',
    'recyclableShare',
    'expectedServiceLife',
  ],
};

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** Every string leaf of a value with the key it sits under. */
function leaves(value: unknown, key = '', pointer = ''): { key: string; pointer: string; text: string }[] {
  if (typeof value === 'string') return [{ key, pointer, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, key, `${pointer}/${i}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leaves(v, k, `${pointer}/${k}`));
  return [];
}

function nodeValues(node: DataNode): string[] {
  if (node.kind === 'value') return node.values.map((value) => value.value);
  if (node.kind === 'group') return node.children.flatMap(nodeValues);
  return node.items.flat().flatMap(nodeValues);
}

const sectionValues = (section: DataSection) => [
  ...section.nodes.flatMap(nodeValues),
  ...(section.items ?? []).flat().flatMap(nodeValues),
];

// Written in the reader's words (dates, countries, languages), so not verbatim on the page.
const REWORDED = new Set(['countryCode', 'originCountry', 'country', 'countries', 'language']);
const segments = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
const isDate = (text: string) => /^\d{4}-\d{2}(-\d{2}(T.*)?)?$/.test(text);

describe('passport page model', () => {
  it.each(CATEGORIES)('renders the %s example with its key figures and every value', (category) => {
    const document = ownerDocument(category);
    const model = passportPageModel(pageInput(document, 'owner', 'en'));
    expect(model.figures.map((figure) => figure.id)).toEqual(EXPECTED_FIGURES[category]);
    expect(keyFigureIds(category)).toEqual(EXPECTED_FIGURES[category]);
    for (const figure of model.figures) expect(figure.value).not.toBe('');
    expect(model.heading).not.toBe('04012345000016');
    expect(model.restricted).toBeNull();

    const html = renderPage(pageInput(document, 'owner', 'en'));
    expect(html.match(/<h1>/g)).toHaveLength(1);
    const text = decode(html);
    for (const leaf of leaves(document.metadata)) {
      if (REWORDED.has(leaf.key) || isDate(leaf.text)) continue;
      // A schema's enum value is shown by its label, never as its code.
      const enumValues = schemaNode(category, segments(leaf.pointer))?.enum;
      const shown = Array.isArray(enumValues) ? valueLabel('en', leaf.text) : leaf.text;
      expect(text, leaf.pointer).toContain(shown);
    }
    for (const code of ['SEPARATE_COLLECTION', 'CE_MARKING', 'HAZARDOUS_TO_AQUATIC_ENVIRONMENT', 'COTTON'])
      expect(text).not.toContain(code);
    expect(html).toContain(`href="${VERIFY_URL}"`);
    expect(html).not.toContain('request-access');
  });

  it.each(CATEGORIES)(
    'shows the public view of %s without withheld values, with the request link',
    (category) => {
      const owner = ownerDocument(category);
      const view = viewFor(owner, 'public');
      expect(view.restrictedData).toBeDefined();
      const html = renderPage(pageInput(view, 'public', 'en'));
      expect(html).toContain(`href="${REQUEST_ACCESS_URL}"`);
      expect(html).toContain('id="restricted"');
      const model = passportPageModel(pageInput(view, 'public', 'en'));
      const values = new Set([...model.data.flatMap(sectionValues), ...model.figures.map((f) => f.value)]);
      const text = decode(html);
      const shown = new Set(leaves(view.metadata).map((leaf) => leaf.text));
      for (const leaf of leaves(owner.metadata)) {
        // A withheld value never reaches the page, unless the same words are public elsewhere.
        if (fieldAccess(category, leaf.pointer) === 'public' || shown.has(leaf.text)) continue;
        expect(values.has(leaf.text), leaf.pointer).toBe(false);
        if (leaf.text.length >= 12) expect(text, leaf.pointer).not.toContain(leaf.text);
      }
    },
  );

  it('leaves out figures the tier does not hold: no state of health for the public', () => {
    const owner = ownerDocument('batteries');
    const publicModel = passportPageModel(pageInput(viewFor(owner, 'public'), 'public', 'en'));
    expect(publicModel.figures.map((figure) => figure.id)).not.toContain('stateOfHealth');
    const repairer = passportPageModel(
      pageInput(viewFor(owner, 'legitimate-interest'), 'legitimate-interest', 'en'),
    );
    expect(repairer.figures.find((figure) => figure.id === 'stateOfHealth')?.value).toBe('97.5%');
    // The repairer still lacks the authority's fields, so the page says so and links the request.
    expect(repairer.restricted?.rows.map((row) => row.value)).toContain(
      'Market surveillance and other authorities',
    );
    expect(repairer.restricted?.href).toBe(REQUEST_ACCESS_URL);
    expect(repairer.tierName).toMatch(/legitimate interest/);
  });

  it('shows a recall first and prominently, before the heading', () => {
    const html = renderPage(pageInput(ownerDocument('batteries', { status: 'RECALLED' }), 'public', 'en'));
    const notice = html.indexOf('class="notice recalled"');
    expect(notice).toBeGreaterThan(0);
    expect(notice).toBeLessThan(html.indexOf('<h1>'));
    expect(html.indexOf('<main>')).toBeLessThan(notice);
    expect(decode(html)).toContain('VoltCell Europe GmbH has recalled this product.');
  });

  it('marks a decommissioned passport with how long it stays available', () => {
    const document = ownerDocument('textiles', {
      status: 'DECOMMISSIONED',
      retentionUntil: new Date('2035-06-01T00:00:00Z'),
    });
    const model = passportPageModel(pageInput(document, 'public', 'de'));
    expect(model.notice?.kind).toBe('decommissioned');
    expect(model.notice?.text).toContain('bis 1. Juni 2035 zur Einsicht');
    expect(model.product.find((row) => row.value === model.notice?.title)).toBeDefined();
    const active = passportPageModel(pageInput(ownerDocument('textiles'), 'public', 'en'));
    expect(active.notice).toBeNull();
  });

  it('says whether the passport is sealed and links verification only for a seal', () => {
    const document = ownerDocument('electronics');
    const unsealed = passportPageModel(pageInput(document, 'owner', 'en', { seal: { sealed: false } }));
    expect(unsealed.seal).toEqual({
      text: 'This passport is not sealed.',
      timestamped: null,
      verifyUrl: null,
    });
    const sealed = passportPageModel(pageInput(document, 'owner', 'en'));
    expect(sealed.seal.text).toContain('June 1, 2025');
    expect(sealed.seal.timestamped).not.toBeNull();
    expect(sealed.seal.verifyUrl).toBe(VERIFY_URL);
  });

  it('reads the seal state from the document', () => {
    const document = ownerDocument('batteries');
    expect(passportPageSeal(document)).toEqual({ sealed: false });
    const sealedAt = '2025-06-01T10:31:00.000Z';
    expect(passportPageSeal({ ...document, digitalSeal: { sealedAt, timestampStatus: 'granted' } })).toEqual({
      sealed: true,
      sealedAt,
      timestamped: true,
    });
    expect(
      passportPageSeal({ ...document, digitalSeal: { sealedAt, timestampStatus: 'none' } }).timestamped,
    ).toBe(false);
  });

  it('writes numbers, units and dates in the reader’s language', () => {
    const document = ownerDocument('batteries');
    const de = passportPageModel(pageInput(document, 'owner', 'de'));
    const figure = (id: string) => de.figures.find((f) => f.id === id)?.value;
    expect(figure('stateOfHealth')).toBe('97,5\u00a0%');
    expect(figure('carbonFootprint')).toBe('68,4\u00a0kg\u00a0CO₂e/kWh');
    expect(de.product.find((row) => row.value === 'Deutschland')).toBeDefined();
    const html = renderPage(pageInput(document, 'owner', 'de'));
    expect(html).toContain('<html lang="de">');
    expect(decode(html)).toContain('15. Juni 2025');
    const years = new Intl.NumberFormat('de', { style: 'unit', unit: 'year' }).format(12);
    expect(decode(html)).toContain(years);
  });

  it('shows data as text: markup and script URLs in values stay inert', () => {
    const metadata = example('textiles');
    (metadata.productInformation as Record<string, unknown>).productName = '<img src=x onerror=alert(1)>';
    (metadata.repairability as Record<string, unknown>).repairInstructionsUrl = 'javascript:alert(1)';
    const html = renderPage(pageInput(ownerDocument('textiles', { metadata }), 'owner', 'en'));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('renders a rule-checked category with humanised field names', () => {
    const metadata = { productName: 'Wooden train', ageGrading: '3+', ceMarking: true, testReports: [] };
    const model = passportPageModel(pageInput(ownerDocument('toys', { metadata }), 'owner', 'en'));
    expect(model.heading).toBe('Wooden train');
    expect(model.figures).toEqual([]);
    const labels = model.data.flatMap((section) => section.nodes.map((node) => node.label));
    expect(labels).toEqual(['Product name', 'Age grading', 'Ce marking']);
    expect(humanise('reachRegistrationNumber')).toBe('Reach registration number');
    expect(humanise('UFICode')).toBe('UFI code');
  });
});

describe('passport page templates', () => {
  it('write raw markup only for the QR code and their own partials', () => {
    for (const name of ['passport', 'passport-tier', 'passport-data', 'passport-value']) {
      const source = readFileSync(new URL(`../../src/views/${name}.eta`, import.meta.url), 'utf8');
      const raw = [...source.matchAll(/<%~\s*([^%]*?)\s*%>/g)].map((match) => match[1]);
      // The value partial writes only escaped text; the others include partials.
      expect(raw.length > 0).toBe(name !== 'passport-value');
      for (const expression of raw)
        expect(expression).toMatch(/^(it\.qrSvg|include\('\.\/passport-(tier|data|value)',)/);
    }
  });
});

describe('passport page with arbitrary data', () => {
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '<x-evil>',
      'javascript:alert(1)',
      'https://x.example/"><x-evil>',
      '2025-13-45',
      '2025-02',
      '2025-02-03T04:05:06Z',
      'DE',
      'zz-ZZ-x',
      'a@b.example',
    ),
  );
  const key = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'countryCode',
      'language',
      '@id',
      'productName',
      'performance',
    ),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      text,
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
    ),
  }));

  it('renders any metadata as inert text, with one heading', () => {
    fc.assert(
      fc.property(fc.constantFrom('batteries', 'toys'), tree, (category, metadata) => {
        const html = renderPage(pageInput(ownerDocument(category, { metadata }), 'owner', 'de'));
        expect(html).not.toContain('<x-evil');
        expect(html).not.toMatch(/href="javascript:/i);
        expect(html.match(/<h1>/g)).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('passport page words', () => {
  type Messages = { [key: string]: string | Messages };
  const keys = (messages: Messages, prefix = ''): string[] =>
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
    );
  const load = (lang: string) =>
    JSON.parse(readFileSync(new URL(`../../src/locales/${lang}.json`, import.meta.url), 'utf8')) as Record<
      string,
      Messages
    >;
  const english = load('en');
  const needed = keys(english.passportPage as Messages);

  it.each(SUPPORTED_LANGUAGES)('%s has every passportPage key, right after pii', (lang) => {
    const messages = load(lang);
    expect(keys(messages.passportPage as Messages).sort()).toEqual([...needed].sort());
    const order = Object.keys(messages);
    expect(order.indexOf('passportPage')).toBe(order.indexOf('pii') + 1);
    for (const id of CATEGORIES.flatMap((category) => keyFigureIds(category)))
      expect(needed).toContain(`figures.${id}`);
  });
});
