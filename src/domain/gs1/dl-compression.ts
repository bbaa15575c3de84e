// GS1 Digital Link URI compression (GS1 Digital Link standard, URI compression): the AIs of a link
// packed into a bit string written in base64url, so that `https://id.example/01/.../10/...` fits a
// smaller code as `https://id.example/AQnYUc1gmiCNV4JG`.
//
// Each AI is written as its digits, four bits each (or one 8-bit code from the optimisation table
// standing for a common run of AIs), followed by its value, component by component:
// - fixed numeric Nk: the number in the fewest bits that hold 10^k - 1;
// - variable numeric N..m: a length in the fewest bits that hold m, then the digits as above;
// - alphanumeric: a 3-bit encoding (digits, lower-case hex, upper-case hex, base64url, 7-bit
//   ASCII; the most compact that fits), for a variable one a length as above, then the characters.
// The whole is padded with zero bits to a multiple of six.
import { aiEntry, aiLengthFor } from './ai-dictionary.ts';
import type { AiEntry } from './ai-types.ts';
import type { AiValue } from './element-string.ts';

interface Part {
  numeric: boolean;
  /** Fixed length, or the maximum of a variable one. */
  length: number;
  variable: boolean;
}

// Where the standard's compression table does not follow from the dictionary's components.
const FORMAT_OVERRIDES: Record<string, Part[]> = {
  '242': [{ numeric: true, length: 6, variable: false }],
  '7007': [{ numeric: true, length: 12, variable: true }],
  '7258': [
    { numeric: true, length: 1, variable: false },
    { numeric: false, length: 1, variable: false },
    { numeric: true, length: 1, variable: false },
  ],
};
for (let n = 0; n <= 9; n++) {
  FORMAT_OVERRIDES[`723${n}`] = [
    { numeric: true, length: 2, variable: false },
    { numeric: false, length: 28, variable: true },
  ];
}

// Optimisation codes of the standard: one 8-bit code (with a hex letter, so never an AI) names a
// run of AIs written without their own headers.
const OPTIMISATIONS: Record<string, string[]> = {
  '0A': ['01', '22'],
  '0B': ['01', '10'],
  '0C': ['01', '21'],
  '0D': ['01', '17'],
  '0E': ['01', '7003'],
  '0F': ['01', '30'],
  '1A': ['01', '10', '21', '17'],
  '1B': ['01', '15'],
  '1C': ['01', '11'],
  '1D': ['01', '16'],
  '1E': ['01', '91'],
  '1F': ['01', '10', '15'],
  '9A': ['8010', '8011'],
  '9B': ['8017', '8019'],
  '9C': ['8018', '8019'],
  '9D': ['414', '254'],
};
for (let n = 0; n <= 5; n++) {
  OPTIMISATIONS[`2${'ABCDEF'[n]}`] = ['01', `310${n}`];
  OPTIMISATIONS[`3${'ABCDEF'[n]}`] = ['01', `320${n}`];
}
for (let n = 0; n <= 9; n++) {
  OPTIMISATIONS[`A${n}`] = ['01', `392${n}`];
  OPTIMISATIONS[`C${n}`] = ['255', `390${n}`];
}
for (let n = 0; n <= 3; n++) OPTIMISATIONS[`C${'ABCD'[n]}`] = ['255', `394${n}`];

/**
 * The compression layout of an AI: consecutive mandatory fixed-length numeric components merge
 * into one, trailing optional numeric ones into one variable-length part, and consecutive fixed
 * alphanumeric ones into one.
 */
function layout(entry: AiEntry): Part[] {
  const override = FORMAT_OVERRIDES[entry.ai];
  if (override) return override;
  const parts: (Part & { optional: boolean })[] = [];
  for (const component of entry.components) {
    const numeric = component.cset === 'N';
    const variable = component.min !== component.max;
    const last = parts.at(-1);
    const mergeFixed =
      last &&
      !last.variable &&
      !variable &&
      last.numeric === numeric &&
      !last.optional &&
      !component.optional;
    const mergeOptional = last && numeric && last.numeric && component.optional && (last.optional || false);
    if (mergeFixed || mergeOptional) {
      last.length += component.max;
      last.variable = last.variable || Boolean(mergeOptional);
      continue;
    }
    const optionalNumeric = numeric && component.optional;
    parts.push({
      numeric,
      length: component.max,
      variable: variable || optionalNumeric,
      optional: component.optional,
    });
  }
  return parts;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The fewest bits that hold every number of `digits` decimal digits. */
const numericBits = (digits: number) => (digits === 0 ? 0 : (10n ** BigInt(digits) - 1n).toString(2).length);
/** The fewest bits that hold `max`. */
const lengthBits = (max: number) => max.toString(2).length;

type Encoding = { code: number; test: RegExp; bits: number; alphabet: string };
const ENCODINGS: Encoding[] = [
  { code: 1, test: /^[0-9a-f]*$/, bits: 4, alphabet: '0123456789abcdef' },
  { code: 2, test: /^[0-9A-F]*$/, bits: 4, alphabet: '0123456789ABCDEF' },
  { code: 3, test: /^[A-Za-z0-9_-]*$/, bits: 6, alphabet: B64 },
];

class BitWriter {
  bits = '';
  write(value: bigint | number, width: number) {
    if (width > 0) this.bits += value.toString(2).padStart(width, '0');
  }
}

class BitReader {
  at = 0;
  constructor(readonly bits: string) {}
  get left() {
    return this.bits.length - this.at;
  }
  read(width: number): bigint {
    if (width > this.left) throw new RangeError('compressed data ends early');
    const chunk = this.bits.slice(this.at, this.at + width);
    this.at += width;
    return width === 0 ? 0n : BigInt(`0b${chunk}`);
  }
}

function writeDigits(out: BitWriter, digits: string) {
  out.write(digits === '' ? 0n : BigInt(digits), numericBits(digits.length));
}

function writeAlphanumeric(out: BitWriter, text: string, part: Part) {
  const withLength = (code: number) => {
    out.write(code, 3);
    if (part.variable) out.write(text.length, lengthBits(part.length));
  };
  // An empty value takes the 7-bit code, as the standard's reference implementation writes it.
  if (/^\d+$/.test(text)) {
    withLength(0);
    writeDigits(out, text);
    return;
  }
  const encoding = text === '' ? undefined : ENCODINGS.find((candidate) => candidate.test.test(text));
  if (encoding) {
    withLength(encoding.code);
    for (const char of text) out.write(encoding.alphabet.indexOf(char), encoding.bits);
    return;
  }
  withLength(4);
  for (const char of text) out.write(char.charCodeAt(0), 7);
}

/** Splits a value over the parts of its layout; null when it does not fit them. */
function split(value: string, parts: Part[]): string[] | null {
  const pieces: string[] = [];
  let at = 0;
  for (const part of parts) {
    const take = part.variable ? Math.min(part.length, value.length - at) : part.length;
    const piece = value.slice(at, at + take);
    if (!part.variable && piece.length !== part.length) return null;
    if (part.numeric && !/^\d*$/.test(piece)) return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: 7-bit ASCII is the widest encoding
    if (!/^[\x00-\x7f]*$/.test(piece)) return null;
    pieces.push(piece);
    at += take;
  }
  return at === value.length ? pieces : null;
}

export type CompressResult = { ok: true; data: string } | { ok: false; error: string };

/** The base64url compressed form of `ais`, written in ascending AI order. */
export function compressAis(ais: readonly AiValue[]): CompressResult {
  const out = new BitWriter();
  const sorted = [...ais].sort((a, b) => (a.ai < b.ai ? -1 : a.ai > b.ai ? 1 : 0));
  for (const { ai, value } of sorted) {
    const entry = aiEntry(ai);
    if (!entry) return { ok: false, error: `unknown AI (${ai})` };
    const parts = layout(entry);
    const pieces = split(value, parts);
    if (!pieces) return { ok: false, error: `AI (${ai}) value does not fit its compressed format` };
    for (const digit of ai) out.write(Number(digit), 4);
    parts.forEach((part, index) => {
      const piece = pieces[index] as string;
      if (!part.numeric) writeAlphanumeric(out, piece, part);
      else {
        if (part.variable) out.write(piece.length, lengthBits(part.length));
        writeDigits(out, piece);
      }
    });
  }
  const bits = out.bits.padEnd(Math.ceil(out.bits.length / 6) * 6, '0');
  let data = '';
  for (let i = 0; i < bits.length; i += 6) data += B64[Number.parseInt(bits.slice(i, i + 6), 2)];
  return { ok: true, data };
}

function readDigits(input: BitReader, count: number): string {
  const value = input.read(numericBits(count));
  const digits = count === 0 ? '' : value.toString().padStart(count, '0');
  if (digits.length > count) throw new RangeError('numeric value too large for its length');
  return digits;
}

function readAlphanumeric(input: BitReader, part: Part): string {
  const code = Number(input.read(3));
  const length = part.variable ? Number(input.read(lengthBits(part.length))) : part.length;
  if (length > part.length) throw new RangeError('value longer than its format allows');
  if (code === 0) return readDigits(input, length);
  const encoding = ENCODINGS.find((candidate) => candidate.code === code);
  let text = '';
  for (let i = 0; i < length; i++) {
    if (encoding) {
      const char = encoding.alphabet[Number(input.read(encoding.bits))];
      if (char === undefined) throw new RangeError('character outside its encoding');
      text += char;
    } else if (code === 4) text += String.fromCharCode(Number(input.read(7)));
    else throw new RangeError(`unknown character encoding ${code}`);
  }
  return text;
}

function readValue(input: BitReader, entry: AiEntry): string {
  let value = '';
  for (const part of layout(entry)) {
    if (!part.numeric) value += readAlphanumeric(input, part);
    else if (part.variable) {
      const length = Number(input.read(lengthBits(part.length)));
      if (length > part.length) throw new RangeError('value longer than its format allows');
      value += readDigits(input, length);
    } else value += readDigits(input, part.length);
  }
  return value;
}

export type DecompressResult = { ok: true; ais: AiValue[] } | { ok: false; error: string };

/** The AIs of a compressed segment (base64url). */
export function decompressAis(data: string): DecompressResult {
  if (!/^[A-Za-z0-9_-]+$/.test(data)) return { ok: false, error: 'compressed data must be base64url' };
  let bits = '';
  for (const char of data) bits += B64.indexOf(char).toString(2).padStart(6, '0');
  const input = new BitReader(bits);
  const ais: AiValue[] = [];
  try {
    // Padding is shorter than six bits and the shortest AI header is eight.
    while (input.left >= 8) {
      const head = input.read(8).toString(16).toUpperCase().padStart(2, '0');
      let run: string[];
      if (/^\d\d$/.test(head)) {
        const length = aiLengthFor(head);
        if (length === undefined) return { ok: false, error: `unknown AI prefix ${head}` };
        let ai = head;
        for (let i = 2; i < length; i++) ai += input.read(4).toString(16);
        run = [ai];
      } else {
        const optimised = OPTIMISATIONS[head];
        if (!optimised) return { ok: false, error: `unknown optimisation code ${head}` };
        run = optimised;
      }
      for (const ai of run) {
        const entry = aiEntry(ai);
        if (!entry) return { ok: false, error: `unknown AI (${ai})` };
        ais.push({ ai, value: readValue(input, entry) });
      }
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'unreadable compressed data' };
  }
  if (/1/.test(bits.slice(input.at))) return { ok: false, error: 'compressed data has trailing bits' };
  if (ais.length === 0) return { ok: false, error: 'compressed data holds no AI' };
  return { ok: true, ais };
}
