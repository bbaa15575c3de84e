// Content checks named by the GS1 Barcode Syntax Dictionary ("linters"), each applied to one
// component of an AI's value. Each answers a problem in words, or null when the component passes.
// Checks that need external registries (company prefix lengths, ISO code lists, coupon formats,
// package types) check the shape only; docs/gs1.md lists them.
import { hasValidCheckDigit } from './check-digit.ts';

type Linter = (value: string) => string | null;

const CSET82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** YYMMDD with a two-digit year; February 29 is accepted in years divisible by four. */
function date(value: string, dayZeroAllowed: boolean, fullYear = false): string | null {
  const yearDigits = fullYear ? 4 : 2;
  const year = Number(value.slice(0, yearDigits));
  const month = Number(value.slice(yearDigits, yearDigits + 2));
  const day = Number(value.slice(yearDigits + 2, yearDigits + 4));
  if (month < 1 || month > 12) return 'month must be 01 to 12';
  const last = daysIn(fullYear ? year : 2000 + year, month);
  if (day === 0 && dayZeroAllowed) return null;
  if (day < 1 || day > last) return `day must be 01 to ${last}`;
  return null;
}

function range(value: string, max: number, what: string): string | null {
  return Number(value) <= max ? null : `${what} must be at most ${max}`;
}

/** GS1 General Specifications 7.9.5: the check character pair of a GMN or MUDI. */
export function checkCharacterPair(body: string): string | null {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const index = CSET82.indexOf(body[i] as string);
    const weight = PRIMES[body.length - 1 - i];
    if (index < 0 || weight === undefined) return null;
    sum += index * weight;
  }
  const pair = sum % 1021;
  return `${CSET32[pair >> 5]}${CSET32[pair & 31]}`;
}

function iban(value: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(value)) return 'not an IBAN';
  const moved = `${value.slice(4)}${value.slice(0, 4)}`;
  let rest = 0;
  for (const char of moved) {
    const n = Number.parseInt(char, 36);
    rest = (n > 9 ? rest * 100 + n : rest * 10 + n) % 97;
  }
  return rest === 1 ? null : 'IBAN check digits do not match';
}

export const LINTERS: Record<string, Linter> = {
  csum: (v) => (hasValidCheckDigit(v) ? null : 'check digit does not match'),
  csumalpha: (v) =>
    v.length >= 3 && checkCharacterPair(v.slice(0, -2)) === v.slice(-2)
      ? null
      : 'check character pair does not match',
  zero: (v) => (v === '0' ? null : 'must be 0'),
  nonzero: (v) => (/^0+$/.test(v) ? 'must not be zero' : null),
  yymmdd: (v) => date(v, false),
  yymmd0: (v) => date(v, true),
  yyyymmdd: (v) => date(v, false, true),
  hhmi: (v) => range(v.slice(0, 2), 23, 'hour') ?? range(v.slice(2, 4), 59, 'minute'),
  hh: (v) => range(v, 23, 'hour'),
  mi: (v) => range(v, 59, 'minute'),
  ss: (v) => range(v, 59, 'second'),
  yesno: (v) => (v === '0' || v === '1' ? null : 'must be 0 or 1'),
  winding: (v) => (v === '0' || v === '1' || v === '9' ? null : 'winding direction must be 0, 1 or 9'),
  iso5218: (v) => (['0', '1', '2', '9'].includes(v) ? null : 'sex code must be 0, 1, 2 or 9'),
  iso3166: (v) => (/^\d{3}$/.test(v) && v !== '000' ? null : 'not an ISO 3166 numeric country code'),
  iso3166999: (v) =>
    /^\d{3}$/.test(v) && v !== '000' ? null : 'not an ISO 3166 numeric country code or 999',
  iso3166alpha2: (v) => (/^[A-Z]{2}$/.test(v) ? null : 'not an ISO 3166 alpha-2 country code'),
  iso4217: (v) => (/^\d{3}$/.test(v) && v !== '000' ? null : 'not an ISO 4217 numeric currency code'),
  pieceoftotal: (v) => {
    const piece = Number(v.slice(0, v.length / 2));
    const total = Number(v.slice(v.length / 2));
    return piece >= 1 && total >= 1 && piece <= total
      ? null
      : 'piece must be 1 to the total number of pieces';
  },
  pcenc: (v) => (/%(?![0-9A-Fa-f]{2})/.test(v) ? 'invalid percent-encoding' : null),
  iban,
  nozeroprefix: (v) => (v.length > 1 && v.startsWith('0') ? 'must not start with 0' : null),
  hasnondigit: (v) => (/\D/.test(v) ? null : 'must contain a character that is not a digit'),
  hyphen: (v) => (v === '-' ? null : 'must be -'),
  latitude: (v) => range(v, 1_800_000_000, 'latitude'),
  longitude: (v) => range(v, 3_600_000_000, 'longitude'),
  mediatype: (v) => (/^\d{2}$/.test(v) && v !== '00' ? null : 'not an AIDC media type'),
  posinseqslash: (v) => {
    const match = /^([1-9])\/([1-9])$/.exec(v);
    return match && Number(match[1]) <= Number(match[2]) ? null : 'must be position/total, e.g. 1/2';
  },
  importeridx: (v) => (/^[A-Za-z0-9_-]$/.test(v) ? null : 'importer index must be one of A-Z a-z 0-9 _ -'),
};

/** Linters this node does not evaluate (they need registries it does not hold). */
export const UNCHECKED_LINTERS = new Set([
  'gcppos1',
  'gcppos2',
  'couponcode',
  'couponposoffer',
  'packagetype',
]);
