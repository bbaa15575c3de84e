// Decoding whatever a reader or a person hands over (scan data with a symbology identifier and
// FNC1 separators, a bracketed element string, or a Digital Link URI, compressed or not) into its
// AIs, each checked against the GS1 Barcode Syntax Dictionary, with the human-readable text, the
// element string and this node's canonical Digital Link. decode never throws.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';
import { aiEntry, aiTitle, checkValue } from './ai-dictionary.ts';
import { buildLink, parseLink, unitDigitalLink } from './digital-link.ts';
import {
  type AiValue,
  type ElementParse,
  GS,
  GS1_SYMBOLOGIES,
  parseBracketed,
  parseUnbracketed,
  toElementString,
  toHri,
} from './element-string.ts';
import { GRAI_UNIT_LINK_RULE, type GraiUnitLink, readGraiUnitLink } from './grai-unit-link.ts';
import { pairingProblems } from './pairing.ts';

/** Longer than any GS1 symbol can carry. */
export const MAX_DECODE_INPUT = 4096;

export interface DecodedAi {
  ai: string;
  title: string;
  value: string;
  valid: boolean;
  errors?: string[];
}

export type DecodeResult =
  | {
      ok: true;
      ais: DecodedAi[];
      hri: string;
      elementString: string;
      digitalLink: string | null;
      /** What is read but departs from GS1: the node's GRAI unit link (docs/gs1.md). */
      warnings: AdvisoryItem[];
    }
  | { ok: false; error: string };

const SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;
const URI = /^https?:\/\//i;

type Read = ElementParse & { extension?: GraiUnitLink };

function read(data: string): Read {
  let rest = data;
  const symbology = SYMBOLOGY.exec(rest)?.[0];
  if (symbology) {
    rest = rest.slice(symbology.length);
    // A plain QR Code or Data Matrix carries a Digital Link as text.
    if (!GS1_SYMBOLOGIES.has(symbology) && !URI.test(rest)) {
      return { ok: false, error: `symbology ${symbology} carries no GS1 data` };
    }
    if (GS1_SYMBOLOGIES.has(symbology))
      return rest.startsWith('(') ? parseBracketed(rest) : parseUnbracketed(rest);
  }
  if (URI.test(rest)) {
    const link = parseLink(rest);
    if (link.ok) return { ok: true, ais: link.link.ais };
    // The node's GRAI unit link, `/8003/<grai>/21/<serial>`: read, with a warning (grai-unit-link.ts).
    const extension = readGraiUnitLink(rest);
    if (!extension) return link;
    const ais = [
      { ai: '8003', value: extension.grai },
      { ai: '21', value: extension.serial },
    ];
    return { ok: true, ais, extension };
  }
  if (rest.startsWith('(')) return parseBracketed(rest);
  if (/^\d/.test(rest) || [GS, '^', '{GS}'].some((mark) => rest.startsWith(mark)))
    return parseUnbracketed(rest);
  return { ok: false, error: 'not GS1 scan data, an element string or a Digital Link URI' };
}

/** Identical repeats of an AI are one; a repeat with another value is kept and reported. */
function dedupe(ais: AiValue[]): { ais: AiValue[]; conflicts: Set<AiValue> } {
  const kept: AiValue[] = [];
  const conflicts = new Set<AiValue>();
  for (const item of ais) {
    const earlier = kept.find(({ ai }) => ai === item.ai);
    if (earlier && earlier.value === item.value) continue;
    if (earlier) conflicts.add(item);
    kept.push(item);
  }
  return { ais: kept, conflicts };
}

function decodeUnsafe(data: string, baseUrl: string): DecodeResult {
  const input = data.trim();
  if (input === '') return { ok: false, error: 'no data' };
  if (input.length > MAX_DECODE_INPUT)
    return { ok: false, error: `data longer than ${MAX_DECODE_INPUT} characters` };
  const parsed = read(input);
  if (!parsed.ok) return parsed;
  const { ais, conflicts } = dedupe(parsed.ais);
  const present = ais.map(({ ai }) => ai);
  const decoded = ais.map((item): DecodedAi => {
    const entry = aiEntry(item.ai);
    if (!entry)
      return { ai: item.ai, title: `AI ${item.ai}`, value: item.value, valid: false, errors: ['unknown AI'] };
    // In the GRAI unit link, AI 21 goes with AI 8003 by the extension's rule, not GS1's pairing.
    const pairing = parsed.extension && item.ai === '21' ? [] : pairingProblems(entry, present);
    const errors = [...checkValue(entry, item.value), ...pairing];
    if (conflicts.has(item)) errors.push('repeated with a different value');
    return errors.length === 0
      ? { ai: item.ai, title: aiTitle(entry), value: item.value, valid: true }
      : { ai: item.ai, title: aiTitle(entry), value: item.value, valid: false, errors };
  });
  const allValid = decoded.every(({ valid }) => valid);
  const { extension } = parsed;
  const link = !allValid
    ? undefined
    : extension
      ? {
          ok: true as const,
          uri: unitDigitalLink(baseUrl, 'GRAI', extension.grai, extension.serial) as string,
        }
      : buildLink(baseUrl, ais);
  return {
    ok: true,
    ais: decoded,
    hri: toHri(ais),
    elementString: toElementString(ais),
    digitalLink: link?.ok ? link.uri : null,
    warnings: extension
      ? [advisory('GS1_DIGITAL_LINK_EXTENSION', { rule: GRAI_UNIT_LINK_RULE }, '/data')]
      : [],
  };
}

/**
 * Decodes `data`; the canonical Digital Link is written on `baseUrl` and given only when every AI
 * is valid and one of them is a primary key.
 */
export function decode(data: unknown, baseUrl: string): DecodeResult {
  if (typeof data !== 'string') return { ok: false, error: 'data must be a string' };
  try {
    return decodeUnsafe(data, baseUrl);
  } catch {
    // Not expected; the promise that decode never throws outweighs reporting the cause here.
    return { ok: false, error: 'undecodable data' };
  }
}
