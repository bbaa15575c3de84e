// Print-ready labels: the title, the symbols and the HRI text, laid out once in millimetres and then
// written as SVG or PDF from the same layout, so both formats print the same label. Every symbol is
// prepared (encoded, checked) before anything is written: a batch fails or warns before its first
// byte, never half-way through a stream.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';
import { type CarrierContent, type CarrierSubject, carrierContent } from './content.ts';
import { darkRuns, dataMatrixMatrix, type ErrorCorrection, type ModuleMatrix, qrMatrix } from './matrix.ts';
import {
  CarrierOptionsError,
  DEFAULT_ERROR_CORRECTION,
  MIN_QUIET_ZONE,
  readErrorCorrection,
  SYMBOLOGIES,
  type Symbology,
} from './options.ts';
import { SYMBOLOGY_NAMES } from './render.ts';

export const LABEL_FORMATS = ['svg', 'pdf'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The module size (X-dimension) of printed symbols: about GS1's target for 2D symbols at retail. */
export const DEFAULT_MODULE_MM = 0.5;
export const MIN_MODULE_MM = 0.25;
export const MAX_MODULE_MM = 2;

export interface LabelOptions {
  formats: LabelFormat[];
  symbologies: Symbology[];
  errorCorrection: ErrorCorrection;
  moduleMm: number;
}

export interface RawLabelOptions {
  formats?: unknown;
  symbologies?: unknown;
  errorCorrection?: unknown;
  moduleSizeMm?: unknown;
}

function distinctList<T extends string>(
  name: string,
  allowed: readonly T[],
  value: unknown,
  fallback: T[],
): T[] {
  if (value === undefined) return fallback;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((item) => (allowed as readonly unknown[]).includes(item))
  ) {
    throw new CarrierOptionsError(`${name} must be a non-empty list of ${allowed.join(', ')}`);
  }
  return [...new Set(value as T[])];
}

export function readLabelOptions(raw: RawLabelOptions): LabelOptions {
  const moduleMm = raw.moduleSizeMm ?? DEFAULT_MODULE_MM;
  if (typeof moduleMm !== 'number' || !(moduleMm >= MIN_MODULE_MM && moduleMm <= MAX_MODULE_MM)) {
    throw new CarrierOptionsError(`moduleSizeMm must be a number from ${MIN_MODULE_MM} to ${MAX_MODULE_MM}`);
  }
  return {
    formats: distinctList('formats', LABEL_FORMATS, raw.formats, ['svg', 'pdf']),
    symbologies: distinctList('symbologies', SYMBOLOGIES, raw.symbologies, ['qr']),
    errorCorrection:
      raw.errorCorrection === undefined ? DEFAULT_ERROR_CORRECTION : readErrorCorrection(raw.errorCorrection),
    moduleMm,
  };
}

export interface PreparedSymbol {
  symbology: Symbology;
  matrix: ModuleMatrix;
}

export interface PreparedLabel {
  subject: CarrierSubject;
  content: CarrierContent;
  symbols: PreparedSymbol[];
  warnings: AdvisoryItem[];
}

/** Batteries always carry the QR code of Regulation (EU) 2023/1542, Art. 13(6), whatever else is asked. */
const isBattery = (subject: CarrierSubject) => subject.kind === 'unit' || subject.category === 'batteries';

/**
 * Encodes every symbol of a label. A Data Matrix that cannot carry the subject's link (no GS1 key)
 * is left out with CARRIER_SYMBOLOGY_NOT_RENDERED at `path`; a label left with no symbol gets the QR
 * code, so no label is printed blank.
 */
export function prepareLabel(subject: CarrierSubject, options: LabelOptions, path?: string): PreparedLabel {
  const content = carrierContent(subject);
  const wanted: Symbology[] =
    isBattery(subject) && !options.symbologies.includes('qr')
      ? ['qr', ...options.symbologies]
      : options.symbologies;
  const symbols: PreparedSymbol[] = [];
  const warnings: AdvisoryItem[] = [];
  for (const symbology of wanted) {
    if (symbology === 'qr') {
      symbols.push({ symbology, matrix: qrMatrix(content.link, options.errorCorrection) });
      continue;
    }
    try {
      symbols.push({ symbology, matrix: dataMatrixMatrix('gs1dldatamatrix', content.link) });
    } catch {
      warnings.push(
        advisory('CARRIER_SYMBOLOGY_NOT_RENDERED', { symbology: SYMBOLOGY_NAMES[symbology] }, path),
      );
    }
  }
  if (symbols.length === 0)
    symbols.push({ symbology: 'qr', matrix: qrMatrix(content.link, options.errorCorrection) });
  return { subject, content, symbols, warnings };
}

// ---- Layout, in millimetres ------------------------------------------------------------------------

const MARGIN = 3;
const GAP = 3;
const MIN_WIDTH = 50;
const TITLE_SIZE = 3.2;
const HRI_SIZE = 2.6;
const LINK_SIZE = 2.1;
const LINE = 1.3;
/** Average advance of a sans-serif bold glyph and the fixed advance of a monospace glyph, per em. */
const SANS_ADVANCE = 0.6;
const MONO_ADVANCE = 0.6;
const TITLE_LINES = 2;

export interface PlacedSymbol extends PreparedSymbol {
  /** Top-left corner of the symbol's first module. */
  x: number;
  y: number;
  module: number;
}

export interface TextLine {
  text: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  size: number;
  font: 'sans-bold' | 'mono';
}

export interface LabelLayout {
  width: number;
  height: number;
  symbols: PlacedSymbol[];
  lines: TextLine[];
  title: string;
}

/** Breaks text into lines of at most `columns` characters, at spaces or `/` where it can. */
export function wrap(text: string, columns: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const characters = Array.from(text);
  const lines: string[] = [];
  let start = 0;
  while (start < characters.length) {
    if (lines.length === maxLines - 1 && characters.length - start > columns) {
      lines.push(`${characters.slice(start, start + columns - 1).join('')}…`);
      return lines;
    }
    let end = Math.min(start + columns, characters.length);
    if (end < characters.length) {
      const window = characters.slice(start, end);
      const breakAt = Math.max(window.lastIndexOf(' '), window.lastIndexOf('/'));
      if (breakAt > columns / 2) end = start + breakAt + 1;
    }
    lines.push(characters.slice(start, end).join('').trim());
    start = end;
    while (characters[start] === ' ') start++;
  }
  return lines;
}

/** HRI lines that break between element strings, `(01) …` and `(21) …`, before breaking inside one. */
export function hriLines(hri: string, columns: number): string[] {
  const lines: string[] = [];
  for (const part of hri.split(/ (?=\()/)) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${part}`).length <= columns) {
      lines[lines.length - 1] = `${last} ${part}`;
    } else lines.push(...wrap(part, columns));
  }
  return lines;
}

export function layoutLabel(label: PreparedLabel, moduleMm: number): LabelLayout {
  const sides = label.symbols.map(
    ({ symbology, matrix }) => (matrix.size + 2 * MIN_QUIET_ZONE[symbology]) * moduleMm,
  );
  const symbolsWidth = sides.reduce((sum, side) => sum + side, 0) + GAP * (sides.length - 1);
  const width = Math.max(MIN_WIDTH, symbolsWidth + 2 * MARGIN);
  const inner = width - 2 * MARGIN;
  const lines: TextLine[] = [];
  let y = MARGIN;
  for (const text of wrap(
    label.content.title,
    Math.floor(inner / (TITLE_SIZE * SANS_ADVANCE)),
    TITLE_LINES,
  )) {
    y += TITLE_SIZE;
    lines.push({ text, x: MARGIN, y, size: TITLE_SIZE, font: 'sans-bold' });
    y += TITLE_SIZE * (LINE - 1);
  }
  // The quiet zones are part of each symbol's square, so symbols sit flush with the margins.
  y += GAP - MARGIN / 2;
  const symbolsTop = y;
  let x = MARGIN + (inner - symbolsWidth) / 2;
  const symbols: PlacedSymbol[] = label.symbols.map((symbol, index) => {
    const quiet = MIN_QUIET_ZONE[symbol.symbology] * moduleMm;
    const placed = { ...symbol, x: x + quiet, y: symbolsTop + quiet, module: moduleMm };
    x += (sides[index] as number) + GAP;
    return placed;
  });
  y = symbolsTop + Math.max(...sides);
  for (const [text, size] of [
    ...hriLines(label.content.hri, Math.floor(inner / (HRI_SIZE * MONO_ADVANCE))).map(
      (t) => [t, HRI_SIZE] as const,
    ),
    ...wrap(label.content.link, Math.floor(inner / (LINK_SIZE * MONO_ADVANCE))).map(
      (t) => [t, LINK_SIZE] as const,
    ),
  ]) {
    y += size;
    lines.push({ text, x: MARGIN, y, size, font: 'mono' });
    y += size * (LINE - 1);
  }
  return { width, height: y + MARGIN, symbols, lines, title: label.content.title };
}

/** The dark modules of a placed symbol as rectangles (one per horizontal run), in millimetres. */
export function moduleRuns(symbol: PlacedSymbol): { x: number; y: number; width: number; height: number }[] {
  const { module } = symbol;
  return Array.from(darkRuns(symbol.matrix), ([row, column, length]) => ({
    x: symbol.x + column * module,
    y: symbol.y + row * module,
    width: length * module,
    height: module,
  }));
}
