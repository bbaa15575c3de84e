// A GTIN as people and systems write it: the digits (in any of its four lengths, perhaps grouped by
// spaces as printed under a barcode), the element string `(01)04012345000016`, or a GS1 Digital Link
// URI on any host (`https://id.gs1.org/01/04012345000016`). Each is one GTIN. A value that is written
// like a GTIN but is none (a wrong check digit, digits of no GTIN length, a `(01)` or a link whose GTIN
// is broken) is refused with the reason: taken as an in-house code it would silently lose the GS1 key
// it was meant to carry. What counts as "written like a GTIN" is in docs/gs1.md.
import { parseLink } from './digital-link.ts';
import { parseBracketed } from './element-string.ts';
import { inspectGtin } from './gtin.ts';

export type GtinSpellingProblem = 'GTIN_CHECK_DIGIT' | 'GTIN_LENGTH' | 'GTIN_MALFORMED';

export type GtinSpelling =
  /** Not written like a GTIN: the value is left to the other product identifier rules. */
  | { kind: 'none' }
  | { kind: 'gtin'; gtin14: string }
  | { kind: 'invalid'; reason: GtinSpellingProblem; detail: string };

/** The band of digit-string lengths read as GTINs: from GTIN-8 to the 18 digits of the longest GS1 key. */
export const GTIN_LIKE_DIGITS = { min: 8, max: 18 } as const;

const NONE: GtinSpelling = { kind: 'none' };
// Spaces group the digits as printed under a barcode; the no-break ones come with copied text.
const SPACES = /[ \u00a0\u202f]/g;
const ELEMENT_STRING = /^\(01\)/;
const URL_SCHEME = /^https?:\/\//i;
const GTIN_SEGMENTS = new Set(['01', 'gtin']);

const invalid = (reason: GtinSpellingProblem, detail: string): GtinSpelling => ({
  kind: 'invalid',
  reason,
  detail,
});

/** The GTIN a string of digits is, or why it is none. */
function gtinOf(digits: string): GtinSpelling {
  const inspected = inspectGtin(digits);
  if (!inspected.ok) {
    if (!/^\d+$/.test(digits)) return invalid('GTIN_MALFORMED', `a GTIN is digits only, not "${digits}"`);
    return invalid('GTIN_LENGTH', lengthProblem(digits));
  }
  if (inspected.valid) return { kind: 'gtin', gtin14: inspected.gtin14 };
  const given = digits.slice(-1);
  return invalid(
    'GTIN_CHECK_DIGIT',
    `its check digit (the last digit) is ${given}, but the ${digits.length - 1} digits before it call for ${inspected.checkDigit}`,
  );
}

function lengthProblem(digits: string): string {
  const count = `this one has ${digits.length}`;
  if (digits.length < 14) return `a GTIN has 8, 12, 13 or 14 digits; ${count}`;
  const elementString = /^01(\d{14})$/.exec(digits)?.[1];
  const hint =
    elementString && gtinOf(elementString).kind === 'gtin'
      ? ` (the element string of AI 01 and a GTIN-14 is written (01)${elementString})`
      : '';
  return `a GTIN has at most 14 digits; ${count}${hint}`;
}

/** `(01)<gtin>`, with any further AIs after it (they qualify the GTIN, which is all a productId keeps). */
function fromElementString(value: string): GtinSpelling {
  const parsed = parseBracketed(value.replace(SPACES, ''));
  if (!parsed.ok) return invalid('GTIN_MALFORMED', `the element string does not read: ${parsed.error}`);
  return gtinOf(parsed.ais[0]?.value ?? '');
}

/** Whether a URL's path has a segment naming AI 01, as every uncompressed GTIN link does. */
function namesGtin(value: string): boolean {
  try {
    return new URL(value).pathname.split('/').some((segment) => GTIN_SEGMENTS.has(segment));
  } catch {
    return false;
  }
}

/** A Digital Link keyed by a GTIN; its qualifiers and attributes are left out, as in a reference. */
function fromDigitalLink(value: string): GtinSpelling {
  const parsed = parseLink(value);
  if (!parsed.ok) return invalid('GTIN_MALFORMED', `the Digital Link does not read: ${parsed.error}`);
  const [key] = parsed.link.ais;
  if (key?.ai !== '01') {
    return invalid(
      'GTIN_MALFORMED',
      `the Digital Link is keyed by AI ${key?.ai ?? '?'}, not by a GTIN (AI 01)`,
    );
  }
  return gtinOf(key.value);
}

/** What a trimmed product identifier says of a GTIN: none, the GTIN-14 it names, or why it is broken. */
export function readGtinSpelling(value: string): GtinSpelling {
  if (ELEMENT_STRING.test(value)) return fromElementString(value);
  if (URL_SCHEME.test(value)) return namesGtin(value) ? fromDigitalLink(value) : NONE;
  const digits = value.replace(SPACES, '');
  const gtinLike =
    /^\d+$/.test(digits) && digits.length >= GTIN_LIKE_DIGITS.min && digits.length <= GTIN_LIKE_DIGITS.max;
  return gtinLike ? gtinOf(digits) : NONE;
}
