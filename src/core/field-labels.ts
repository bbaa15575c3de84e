// The labels and help of category fields in the console's language. The category schemas carry
// them in English (`title`, `description`); a language that has its own file here overrides them
// field by field, by schema path (`generalInformation.manufacturer.name`), so a field without a
// translation keeps the English text rather than showing a key. See docs/console.md, "Field labels".
import bg from '../locales/fields/bg.json' with { type: 'json' };
import cs from '../locales/fields/cs.json' with { type: 'json' };
import da from '../locales/fields/da.json' with { type: 'json' };
import de from '../locales/fields/de.json' with { type: 'json' };
import el from '../locales/fields/el.json' with { type: 'json' };
import es from '../locales/fields/es.json' with { type: 'json' };
import et from '../locales/fields/et.json' with { type: 'json' };
import fi from '../locales/fields/fi.json' with { type: 'json' };
import fr from '../locales/fields/fr.json' with { type: 'json' };
import ga from '../locales/fields/ga.json' with { type: 'json' };
import hr from '../locales/fields/hr.json' with { type: 'json' };
import hu from '../locales/fields/hu.json' with { type: 'json' };
import is from '../locales/fields/is.json' with { type: 'json' };
import it from '../locales/fields/it.json' with { type: 'json' };
import lt from '../locales/fields/lt.json' with { type: 'json' };
import lv from '../locales/fields/lv.json' with { type: 'json' };
import mt from '../locales/fields/mt.json' with { type: 'json' };
import nb from '../locales/fields/nb.json' with { type: 'json' };
import nl from '../locales/fields/nl.json' with { type: 'json' };
import nn from '../locales/fields/nn.json' with { type: 'json' };
import pl from '../locales/fields/pl.json' with { type: 'json' };
import pt from '../locales/fields/pt.json' with { type: 'json' };
import ro from '../locales/fields/ro.json' with { type: 'json' };
import sk from '../locales/fields/sk.json' with { type: 'json' };
import sl from '../locales/fields/sl.json' with { type: 'json' };
import sv from '../locales/fields/sv.json' with { type: 'json' };
import tr from '../locales/fields/tr.json' with { type: 'json' };
import type { Lang } from './i18n.ts';

type Entry = string | { label?: string; hint?: string };
type FieldTexts = Readonly<Record<string, Readonly<Record<string, Entry>>>>;

const TEXTS: Partial<Record<Lang, FieldTexts>> = {
  bg,
  cs,
  da,
  de,
  el,
  es,
  et,
  fi,
  fr,
  ga,
  hr,
  hu,
  is,
  it,
  lt,
  lv,
  mt,
  nb,
  nl,
  nn,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
  tr,
};

/** The languages that translate field labels (English is the schemas' own). */
export const FIELD_LABEL_LANGUAGES: readonly Lang[] = ['en', ...(Object.keys(TEXTS) as Lang[])];

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
