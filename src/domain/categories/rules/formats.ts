// Format checks of the rule sets. Kept close to what ajv-formats accepts for the same names so
// that a value valid in one category is valid in another.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Absolute http(s) URL with a host; other schemes have no place in a public passport.
const URI = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$/;
const COUNTRY = /^[A-Z]{2}$/;
const CAS = /^(\d{2,7})-(\d{2})-(\d)$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** CAS registry number: the last digit is the sum of the other digits weighted 1, 2, 3… from the right, mod 10. */
export function isCasNumber(value: string): boolean {
  const match = CAS.exec(value);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (i + 1) * Number(digits[digits.length - 1 - i]);
  return sum % 10 === Number(match[3]);
}

export const FORMAT_CHECKS: Record<string, (value: string) => boolean> = {
  date: isCalendarDate,
  uri: (value) => URI.test(value),
  email: (value) => EMAIL.test(value),
  country: (value) => COUNTRY.test(value),
  cas: isCasNumber,
};

/** EU member states and the EEA states where EU product law applies (ISO 3166-1 alpha-2). */
export const EU_EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
]);
