// The layout of a label, in millimetres: the title, the symbols side by side inside their quiet
// zones, then the HRI text and the encoded link. SVG and PDF are both written from it, so both
// formats print the same label.
import type { PreparedLabel, PreparedSymbol } from './labels.ts';
import { darkRuns } from './matrix.ts';
import { MIN_QUIET_ZONE } from './options.ts';

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
    // A word that ends exactly at the edge stays whole; otherwise break at the last space or slash.
    if (end < characters.length && characters[end] !== ' ') {
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
