// The handful of figures a person looks for first on each category's passport, read from the
// category data when the caller's tier shows them. A figure the view does not hold is left out,
// never shown as empty: the public view of a battery has no state of health.

import { type Formatter, fieldInfo, schemaNode } from './page-format.ts';
import type { Translate } from './page-frame.ts';

export interface KeyFigure {
  /** Stable name of the figure, for styling and tests; the label is localised. */
  id: string;
  label: string;
  value: string;
  /** A single figure with its unit, which must not break across lines. */
  nowrap: boolean;
}

type Path = readonly string[];
type Read = (path: Path) => unknown;
type Figure = (read: Read, ctx: Context) => string | null;

interface Context {
  category: string;
  format: Formatter;
  t: Translate;
}

function at(value: unknown, path: Path): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

// The figures that are one number and its unit, kept on one line by the page.
const MEASURES = new WeakSet<Figure>();

/** A number field in the unit its schema declares. */
const measure = (...path: Path): Figure => {
  const figure: Figure = (read, { category, format }) => {
    const value = read(path);
    return typeof value === 'number' ? format.number(value, fieldInfo(category, path).unit) : null;
  };
  MEASURES.add(figure);
  return figure;
};

/** A string as the reader sees it: a schema enum value by its label, anything else as it is. */
function shown(value: string, path: readonly (string | number)[], { category, t }: Context): string {
  const allowed = schemaNode(category, path)?.enum;
  if (!Array.isArray(allowed) || !allowed.includes(value)) return value;
  const label = t(`value.${value}`);
  return label === `value.${value}` ? value : label;
}

const text =
  (...path: Path): Figure =>
  (read, ctx) => {
    const value = read(path);
    return typeof value === 'string' && value !== '' ? shown(value, path, ctx) : null;
  };

const list =
  (...path: Path): Figure =>
  (read, ctx) => {
    const value = read(path);
    if (!Array.isArray(value) || value.length === 0) return null;
    const words = value
      .filter((item) => typeof item === 'string')
      .map((item) => shown(item, [...path, 0], ctx));
    return words.join(', ') || null;
  };

const firstOf =
  (...figures: Figure[]): Figure =>
  (read, ctx) => {
    for (const figure of figures) {
      const value = figure(read, ctx);
      if (value !== null) return value;
    }
    return null;
  };

// Battery Regulation Art. 8: recycled shares of cobalt, lead, lithium and nickel. Written with the
// element symbols, which read the same in every language; each share is pre- plus post-consumer.
const RECYCLED_ELEMENTS: readonly [string, string][] = [
  ['cobalt', 'Co'],
  ['lithium', 'Li'],
  ['nickel', 'Ni'],
  ['lead', 'Pb'],
];

const batteryRecycledContent: Figure = (read, { format }) => {
  const parts = RECYCLED_ELEMENTS.flatMap(([material, symbol]) => {
    const pre = read(['circularity', 'recycledContent', material, 'preConsumerShare']);
    const post = read(['circularity', 'recycledContent', material, 'postConsumerShare']);
    if (typeof pre !== 'number' && typeof post !== 'number') return [];
    const total = (typeof pre === 'number' ? pre : 0) + (typeof post === 'number' ? post : 0);
    return [`${symbol}\u00a0${format.number(total, '%')}`];
  });
  return parts.length > 0 ? parts.join(' · ') : null;
};

const fibreComposition: Figure = (read, ctx) => {
  const fibres = read(['fibreComposition']);
  if (!Array.isArray(fibres)) return null;
  const parts = fibres.flatMap((entry) => {
    const fibre = at(entry, ['fibre']);
    const share = at(entry, ['share']);
    return typeof fibre === 'string' && typeof share === 'number'
      ? [`${ctx.format.number(share, '%')} ${shown(fibre, ['fibreComposition', 0, 'fibre'], ctx)}`]
      : [];
  });
  return parts.length > 0 ? parts.join(', ') : null;
};

const electronicsRepairability: Figure = (read, { format }) => {
  const grade = read(['repairability', 'repairabilityClass']);
  const index = read(['repairability', 'repairabilityIndex']);
  const indexText = typeof index === 'number' ? format.number(index) : null;
  if (typeof grade === 'string' && indexText) return `${grade} (${indexText})`;
  return typeof grade === 'string' ? grade : indexText;
};

const signalWord: Figure = (read, { t }) => {
  const word = read(['clpClassification', 'signalWord']);
  if (word === 'DANGER' || word === 'WARNING') return t(`passportPage.signalWords.${word}`);
  return typeof word === 'string' && word !== '' ? word : null;
};

const constructionFootprint: Figure = (read, ctx) => {
  const value = measure('environmentalSustainability', 'gwpTotal', 'productStage')(read, ctx);
  const unit = read(['environmentalSustainability', 'declaredUnit']);
  if (value === null) return null;
  return typeof unit === 'string' && unit !== '' ? `${value} / ${unit}` : value;
};

const FIGURES: Readonly<Record<string, readonly [string, Figure][]>> = {
  batteries: [
    [
      'chemistry',
      firstOf(
        text('materialComposition', 'chemistry', 'shortName'),
        text('materialComposition', 'chemistry', 'clearName'),
      ),
    ],
    ['ratedCapacity', measure('performance', 'ratedCapacity')],
    ['ratedEnergy', measure('performance', 'ratedEnergy')],
    ['carbonFootprint', measure('carbonFootprint', 'total')],
    ['recycledContent', batteryRecycledContent],
    ['stateOfHealth', measure('batteryCondition', 'stateOfHealth', 'value')],
  ],
  textiles: [
    ['fibreComposition', fibreComposition],
    ['recycledContent', measure('recycledContent', 'totalShare')],
    ['carbonFootprint', measure('environmentalFootprint', 'climateChange')],
    ['expectedWashCycles', measure('durability', 'expectedWashCycles')],
    ['repairability', measure('repairability', 'repairabilityScore')],
  ],
  electronics: [
    ['energyClass', text('energy', 'energyClass')],
    ['repairability', electronicsRepairability],
    ['sparePartsAvailability', measure('repairability', 'sparePartsAvailabilityYears')],
    ['softwareUpdates', measure('software', 'updatePeriodYears')],
    ['recycledPlastic', measure('materials', 'recycledPlasticShare')],
    ['recycledMetal', measure('materials', 'recycledMetalShare')],
  ],
  chemicals: [
    ['signalWord', signalWord],
    ['pictograms', list('clpClassification', 'pictograms')],
    ['hazardStatements', list('clpClassification', 'hazardStatements')],
    ['ufi', text('productInformation', 'ufi')],
    ['flashPoint', measure('physicalProperties', 'flashPoint')],
  ],
  construction: [
    ['declarationOfPerformance', text('declarationOfPerformance', 'dopNumber')],
    ['carbonFootprint', constructionFootprint],
    ['recycledContent', measure('environmentalSustainability', 'recycledContentShare')],
    ['recyclableShare', measure('environmentalSustainability', 'recyclableShare')],
    ['expectedServiceLife', measure('usageInformation', 'expectedServiceLife')],
  ],
};

/** The ids of the figures a category can show, in page order (empty for rule-checked categories). */
export function keyFigureIds(category: string): string[] {
  return (FIGURES[category] ?? []).map(([id]) => id);
}

export function keyFigures(
  category: string,
  metadata: unknown,
  format: Formatter,
  t: Translate,
): KeyFigure[] {
  const read: Read = (path) => at(metadata, path);
  const ctx: Context = { category, format, t };
  return (FIGURES[category] ?? []).flatMap(([id, figure]) => {
    const value = figure(read, ctx);
    return value === null
      ? []
      : [{ id, label: t(`passportPage.figures.${id}`), value, nowrap: MEASURES.has(figure) }];
  });
}

/** The product's name as its category data gives it, for the page's heading. */
export function productName(metadata: unknown): string | null {
  const paths: Path[] = [
    ['generalInformation', 'batteryModel'],
    ['productInformation', 'productName'],
    ['productInformation', 'tradeName'],
    ['productName'],
    ['name'],
  ];
  for (const path of paths) {
    const value = at(metadata, path);
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}
