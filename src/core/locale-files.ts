// The 28 languages of the service (the 24 official EU languages plus is, nb, nn, tr) and the one
// reader of their files under src/locales: the messages (`<lang>.json`), the labels of the
// schemas' enum values (`values/`) and of the category fields (`fields/`). Each table is read
// synchronously, once, when the module holding it loads, so that translating never awaits and never
// touches the disk per request; a language's file that is missing or not JSON stops that load.
import { readFileSync } from 'node:fs';

export const LANGUAGES = [
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'is',
  'it',
  'lt',
  'lv',
  'mt',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'sv',
  'tr',
] as const;

export type Lang = (typeof LANGUAGES)[number];

const FOLDERS = {
  messages: new URL('../locales/', import.meta.url),
  values: new URL('../locales/values/', import.meta.url),
  fields: new URL('../locales/fields/', import.meta.url),
} as const;

/** One table's file of each of `languages`, parsed, by language. */
export function readLocaleTable<Content, L extends Lang = Lang>(
  table: keyof typeof FOLDERS,
  languages: readonly L[],
): Record<L, Content> {
  return Object.fromEntries(
    languages.map((lang) => [
      lang,
      JSON.parse(readFileSync(new URL(`${lang}.json`, FOLDERS[table]), 'utf8')) as Content,
    ]),
  ) as Record<L, Content>;
}
