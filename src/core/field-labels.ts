// The labels and help of category fields in the console's language. The category schemas carry
// them in English (`title`, `description`); a language that has its own file here overrides them
// field by field, by schema path (`generalInformation.manufacturer.name`), so a field without a
// translation keeps the English text rather than showing a key. See docs/console.md, "Field labels".
import { LANGUAGES, type Lang, readLocaleTable } from './locale-files.ts';

type Entry = string | { label?: string; hint?: string };
type FieldTexts = Readonly<Record<string, Readonly<Record<string, Entry>>>>;

// English is the schemas' own and has no file here.
const TRANSLATED = LANGUAGES.filter((lang) => lang !== 'en');

const TEXTS: Partial<Record<Lang, FieldTexts>> = readLocaleTable<FieldTexts>('fields', TRANSLATED);

/** The languages that translate field labels (English is the schemas' own). */
export const FIELD_LABEL_LANGUAGES: readonly Lang[] = ['en', ...TRANSLATED];

/** A field's label and help in `lang`, where translated; undefined keeps the schema's English. */
export function fieldText(
  lang: Lang,
  category: string,
  path: string,
): { label?: string; hint?: string } | undefined {
  const entry = TEXTS[lang]?.[category]?.[path];
  if (entry === undefined) return undefined;
  return typeof entry === 'string' ? { label: entry } : entry;
}
