// The API's refusals of an operator or facility form, said again in the page's language as a
// sentence that names the field by its label and says what is expected. The API words them for
// developers (`body must have required property 'name'`, `regId … is an EORI issued by DE, but
// country is FR …`) and keeps that wording, which its contract pins; only the console rewords.
// A message no rule knows keeps the API's words after the field's label.
import { countryName } from '../../core/countries.ts';
import type { Lang } from '../../core/i18n.ts';
import { tr } from './pages.ts';

type Say = ReturnType<typeof tr>;

/** The label key of each path of the operator and facility forms. */
const LABELS: Readonly<Record<string, string>> = {
  name: 'operators.name',
  regIdScheme: 'parties.regIdScheme',
  regId: 'parties.regId',
  role: 'parties.operatorRole',
  country: 'operators.country',
  activity: 'facilities.activity',
  operatorId: 'parties.operator',
  'address.street': 'parties.street',
  'address.postalCode': 'parties.postalCode',
  'address.city': 'parties.city',
  'address.region': 'parties.region',
  'address.country': 'parties.addressCountry',
};

export const partyLabel = (say: Say, path: string) => (path === 'gln' ? 'GLN' : say(LABELS[path] ?? path));

type Rule = (match: RegExpExecArray, label: string, say: Say, lang: Lang) => string;

const RULES: readonly [RegExp, Rule][] = [
  [
    /must have required property|must not be blank|must NOT have fewer than 1 characters/,
    (_m, label, say) => say('words.errors.required', { label }),
  ],
  [
    /^regId (\S+) is an EORI issued by ([A-Z]{2}), but country is ([A-Z]{2})/,
    ([, eori = '', issuer = '', country = ''], _label, say, lang) =>
      say('words.errors.eoriCountry', {
        eori,
        issuer: countryName(lang, issuer),
        country: countryName(lang, country),
        prefix: country,
      }),
  ],
  [/^regId is not an EORI number/, (_m, label, say) => say('words.errors.eoriShape', { label })],
  [
    /^gln (\d+) has a wrong GS1 check digit: the last digit \(the 13th\) is (\d), but the 12 digits before it call for (\d)/,
    ([, gln = '', given = '', expected = ''], label, say) =>
      say('words.errors.checkDigit', { label, value: gln, given, expected, position: 13 }),
  ],
  [/^gln must be a GLN-13/, (_m, label, say) => say('words.errors.glnShape', { label })],
  [
    /ISO 3166-1 alpha-2|must match pattern "\^\[A-Z\]\{2\}\$"/,
    (_m, label, say) => say('words.errors.country', { label }),
  ],
  [/does not name an operator/, (_m, label, say) => say('words.errors.unknownOperator', { label })],
];

/** The API's message about `path` as a sentence of the page's language. */
export function partyMessage(lang: Lang, path: string, message: string): string {
  const say = tr(lang);
  const label = partyLabel(say, path);
  for (const [pattern, rule] of RULES) {
    const match = pattern.exec(message);
    if (match) return rule(match, label, say, lang);
  }
  // Past the path the API starts with (`body/address/city must …`, `gln must …`), its own words.
  const rest = message.replace(/^(?:body\/)?[\w./]+\s+/, '');
  return say('words.errors.other', { label, message: rest });
}

/** `partyMessage` for one page's language, as refusalOf takes it. */
export const explainer = (lang: Lang) => (path: string, message: string) => partyMessage(lang, path, message);
