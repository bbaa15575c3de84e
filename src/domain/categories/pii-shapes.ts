// Recognisers for personal data in free text. Each one favours precision: a passport is full of
// numbers (GTINs, CAS numbers, dates, H-statements, batch codes) that must not raise a warning.
import { hasValidCheckDigit } from '../gs1/check-digit.ts';

export type PiiKind = 'email' | 'phone' | 'iban' | 'payment-card';

const URL = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/gi;
// The local part is bounded (RFC 5321: 64) so a long run of letters without `@` stays linear.
const EMAIL =
  /[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/g;
// Role mailboxes of companies are contact points, not personal data.
const ROLE_MAILBOX =
  /^(?:info|contact|kontakt|support|service|sales|office|hello|help|admin|compliance|regulatory|safety|quality|recall|customer(?:service|care)?|press|privacy|dpo|legal|returns|noreply|no-reply)$/i;
// International: + or 00, country code, then groups. National: trunk 0, then at least two groups.
// Each repetition consumes exactly one digit, so a failed match backtracks linearly, not exponentially.
const PHONE_INTERNATIONAL = /(?<![\w+])(?:\+|00)[1-9](?:[ .\-/]?(?:\(\d{1,5}\)[ .\-/]?)?\d){6,16}(?!\w)/g;
const PHONE_NATIONAL = /(?<![\w.\-/])\(?0\d{1,4}\)?(?:[ .\-/]\d{2,8}){1,5}(?![\w])/g;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}/g;
const CARD_CANDIDATE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

// Lengths of IBANs by country: EU/EEA, the other SEPA members and frequent trading partners.
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  UA: 29,
  VA: 22,
  AL: 28,
  BA: 20,
  ME: 22,
  MK: 19,
  RS: 22,
  MD: 24,
};

const MAX_SCANNED = 20_000;
// Shorter text holds no personal data of any kind recognised here (`a@b.de` is the shortest).
const MIN_LENGTH = 6;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

function ibanChecksumValid(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder === 1;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes of the card schemes in use in Europe (Visa, Mastercard, Amex, Maestro, …). */
const CARD_ISSUER = /^(?:4|5[1-5]|2[2-7]|3[47]|3[068]|35|6|50|5[6-8])/;

function looksLikeGs1Key(digits: string, raw: string): boolean {
  return raw === digits && [8, 12, 13, 14, 17, 18].includes(digits.length) && hasValidCheckDigit(digits);
}

function hasEmail(text: string): boolean {
  for (const match of text.matchAll(EMAIL)) {
    const local = match[0].slice(0, match[0].indexOf('@'));
    if (!ROLE_MAILBOX.test(local)) return true;
  }
  return false;
}

function hasPhone(text: string): boolean {
  for (const match of [...text.matchAll(PHONE_INTERNATIONAL), ...text.matchAll(PHONE_NATIONAL)]) {
    const digits = digitsOf(match[0]);
    // Nine digits at least: this excludes dates such as 01.02.2024 and short codes.
    if (digits.length < 9 || digits.length > 15) continue;
    if (looksLikeGs1Key(digits, match[0]) || hasSeparatorlessGs1Tail(match[0])) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(match[0])) continue;
    return true;
  }
  return false;
}

// "0 12345 67890 5" is how UPC/EAN codes are printed under the bars; its digits form a GS1 key.
function hasSeparatorlessGs1Tail(raw: string): boolean {
  const digits = digitsOf(raw);
  return [12, 13, 14].includes(digits.length) && hasValidCheckDigit(digits) && !raw.startsWith('+');
}

function hasIban(text: string): boolean {
  for (const match of text.matchAll(IBAN_CANDIDATE)) {
    const compact = match[0].replace(/ /g, '');
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    if (length === undefined || compact.length < length) continue;
    if (ibanChecksumValid(compact.slice(0, length))) return true;
  }
  return false;
}

function hasPaymentCard(text: string): boolean {
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = digitsOf(match[0]);
    if (digits.length < 15 || digits.length > 19) continue; // GTIN-13/14 are shorter than any card
    if (!CARD_ISSUER.test(digits) || looksLikeGs1Key(digits, match[0])) continue;
    if (luhnValid(digits)) return true;
  }
  return false;
}

/** The first kind of personal data found in `text`, or undefined. */
export function detectPii(value: string): PiiKind | undefined {
  if (value.length < MIN_LENGTH) return undefined;
  // Personal data sits in short fields; the cap bounds the work on a hostile megabyte string.
  const text = value.length > MAX_SCANNED ? value.slice(0, MAX_SCANNED) : value;
  // Company web addresses carry digit runs and `@` handles that are no one's personal data.
  const withoutUrls = text.replace(URL, ' ');
  // A field that is a web address and little else (a passport has many) has nothing left to scan.
  if (withoutUrls.length < MIN_LENGTH) return undefined;
  if (hasEmail(withoutUrls)) return 'email';
  if (hasIban(withoutUrls)) return 'iban';
  // A mistyped IBAN is no phone number, although its digit groups look like one.
  const numbers = withoutUrls.replace(IBAN_CANDIDATE, (m) => (IBAN_LENGTHS[m.slice(0, 2)] ? ' ' : m));
  if (hasPaymentCard(numbers)) return 'payment-card';
  if (hasPhone(numbers)) return 'phone';
  return undefined;
}
