// Countries as people name them: the ISO 3166-1 alpha-2 codes with their names in a page's language
// (Intl.DisplayNames, no table of our own to keep), and the way back from a typed name or code to
// the code, so that "Germany" or "Deutschland" posted as text becomes DE, never GE.
import { LANGUAGES, type Lang } from './locale-files.ts';

/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249). Written out rather than asked of Intl,
 * which also names retired codes (SU, YU), regions (EU, UN) and user-assigned ones (XK).
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const KNOWN = new Set(COUNTRY_CODES);

export interface CountryOption {
  value: string;
  label: string;
}

const names = new Map<Lang, ReadonlyMap<string, string>>();
const lists = new Map<Lang, readonly CountryOption[]>();

/** The country's name in `lang` (the code itself for a code Intl does not name). */
export function countryName(lang: Lang, code: string): string {
  let table = names.get(lang);
  if (!table) {
    const display = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    table = new Map(COUNTRY_CODES.map((c) => [c, display.of(c) ?? c]));
    names.set(lang, table);
  }
  return table.get(code) ?? code;
}

/** Every country as a select's options, sorted by name as the language sorts ("Österreich" after "Oman"). */
export function countryOptions(lang: Lang): readonly CountryOption[] {
  let list = lists.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = COUNTRY_CODES.map((value) => ({ value, label: countryName(lang, value) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    lists.set(lang, list);
  }
  return list;
}

// Names compared without case, accents or punctuation: "deutschland", "Côte d’Ivoire" = "cote divoire".
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

let byName: Map<string, string> | undefined;

/** Every name of every country in every language of the service, folded, to its code. */
function nameIndex(): Map<string, string> {
  if (!byName) {
    byName = new Map();
    for (const lang of ['en', ...LANGUAGES.filter((l) => l !== 'en')] as Lang[]) {
      for (const code of COUNTRY_CODES) {
        const key = fold(countryName(lang, code));
        // The first language to claim a name keeps it (English first).
        if (key !== '' && !byName.has(key)) byName.set(key, code);
      }
    }
  }
  return byName;
}

/**
 * The code a typed country stands for: a code in either case (`de` → DE), or a country's name in
 * any language of the service (`Germany`, `Deutschland`, `Allemagne` → DE). Undefined when it is
 * neither, so that the caller sends the text as typed and the API refuses it by name.
 */
export function countryCodeOf(typed: string): string | undefined {
  const text = typed.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    return KNOWN.has(code) ? code : undefined;
  }
  return nameIndex().get(fold(text));
}

/** A typed country as the API should get it: its code when one is found, else the text as typed. */
export const countryInput = (typed: string): string => countryCodeOf(typed) ?? typed.trim();
