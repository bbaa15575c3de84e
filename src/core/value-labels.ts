// Labels of the category schemas' enum values (`SEPARATE_COLLECTION` → "Separate collection") in the
// 28 languages of the service, one flat file per language beside the message files. They join the
// one i18next instance of i18n.ts under `value.`, so that pages and forms look them up the way the
// advisories' messages are looked up. Kept apart from the message files because they are many and
// grow with the schemas; value-labels.test.ts holds every enum value of every schema to a label in
// every language.
import { LANGUAGES, readLocaleTable } from './locale-files.ts';

export const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = readLocaleTable<
  Record<string, string>
>('values', LANGUAGES);
