// GS1 element strings in their three written forms:
// - scan data as a reader hands it over: an optional symbology identifier (`]C1` GS1-128, `]e0`
//   GS1 DataBar, `]d2` GS1 DataMatrix, `]Q3` GS1 QR Code, `]J1` GS1 DotCode) and FNC1 separators
//   written as GS (U+001D), or as `^` or `{GS}` by readers and people that cannot type a GS;
// - the bracketed human-readable form `(01)09520123456788(21)ABC`;
// - the unbracketed element string, which this module writes with GS separators.
import { aiEntry, aiLengthFor, valueLength } from './ai-dictionary.ts';

export interface AiValue {
  ai: string;
  value: string;
}

export type ElementParse = { ok: true; ais: AiValue[] } | { ok: false; error: string };

export const GS = '\u001d';
/** Symbology identifiers whose data is a GS1 element string. */
export const GS1_SYMBOLOGIES = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);

const fail = (error: string): ElementParse => ({ ok: false, error });

/** Reads the AI at `data[at...]`: its digits, or an error naming what was found there. */
function readAi(data: string, at: number): string | { error: string } {
  const prefix = data.slice(at, at + 2);
  const length = /^\d\d$/.test(prefix) ? aiLengthFor(prefix) : undefined;
  const ai = length === undefined ? undefined : data.slice(at, at + length);
  if (ai === undefined || !aiEntry(ai)) {
    const shown = data.slice(at, at + 4).replaceAll(GS, '<GS>');
    return { error: `unknown AI at position ${at + 1} (${shown})` };
  }
  return ai;
}

/** Unbracketed data (the symbology identifier already removed). */
export function parseUnbracketed(input: string): ElementParse {
  // Normalise every accepted separator form to GS; a leading FNC1 is the symbol's own marker.
  const normalised = input.replaceAll('^', GS).replaceAll('{GS}', GS);
  const data = normalised.startsWith(GS) ? normalised.slice(1) : normalised;
  if (data === '') return fail('no data');
  const ais: AiValue[] = [];
  let at = 0;
  while (at < data.length) {
    const ai = readAi(data, at);
    if (typeof ai !== 'string') return fail(ai.error);
    const entry = aiEntry(ai);
    if (!entry) return fail(`unknown AI (${ai})`);
    at += ai.length;
    let value: string;
    if (entry.predefinedLength) {
      const { max } = valueLength(entry);
      value = data.slice(at, at + max);
      at += value.length;
    } else {
      const end = data.indexOf(GS, at);
      value = data.slice(at, end < 0 ? data.length : end);
      at += value.length;
    }
    if (value.includes(GS)) return fail(`AI (${ai}) is shorter than its predefined length`);
    ais.push({ ai, value });
    // A separator after a predefined-length AI is redundant but harmless.
    if (data[at] === GS) at++;
  }
  return { ok: true, ais };
}

/**
 * Where `(AI)` of a known AI opens an element in bracketed text: every such place is read as the
 * start of an AI, wherever it stands (see parseBracketed).
 */
export function aiOpeners(data: string): { ai: string; start: number; end: number }[] {
  const marks: { ai: string; start: number; end: number }[] = [];
  for (const match of data.matchAll(/\((\d{2,4})\)/g)) {
    const ai = match[1] as string;
    if (aiEntry(ai)) marks.push({ ai, start: match.index, end: match.index + match[0].length });
  }
  return marks;
}

/**
 * `(01)09520123456788(10)ABC`. CSET 82 allows brackets inside values, so a value runs until the
 * next `(` that opens a known AI followed by `)`. The reading is greedy: brackets alone do not say
 * whether `(21)A(10)B` is one serial or a serial and a batch, so `(10)` is taken as an AI, always.
 * A value holding the `(AI)` of a known AI therefore cannot be written in this form and read back
 * (docs/gs1.md); the element string and the Digital Link carry it intact.
 */
export function parseBracketed(data: string): ElementParse {
  const marks = aiOpeners(data);
  if (marks.length === 0 || marks[0]?.start !== 0) return fail('a bracketed element string starts with (AI)');
  const ais: AiValue[] = [];
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i] as (typeof marks)[number];
    const next = marks[i + 1];
    const value = data.slice(mark.end, next ? next.start : data.length);
    if (value === '') return fail(`AI (${mark.ai}) has no value`);
    ais.push({ ai: mark.ai, value });
  }
  return { ok: true, ais };
}

/** The human-readable interpretation: `(01)09520123456788(10)ABC`. */
export const toHri = (ais: readonly AiValue[]): string =>
  ais.map(({ ai, value }) => `(${ai})${value}`).join('');

/**
 * The unbracketed element string of `ais`: AIs of pre-defined length first (they need no
 * separator), then the others, each but the last followed by GS.
 */
export function toElementString(ais: readonly AiValue[]): string {
  const fixed = ais.filter(({ ai }) => aiEntry(ai)?.predefinedLength);
  const variable = ais.filter(({ ai }) => !aiEntry(ai)?.predefinedLength);
  const head = fixed.map(({ ai, value }) => `${ai}${value}`).join('');
  const tail = variable.map(({ ai, value }) => `${ai}${value}`).join(GS);
  return `${head}${tail}`;
}
