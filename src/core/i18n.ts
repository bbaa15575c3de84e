// End-user messages for advisory items in the 28 languages of the service (the 24 official EU
// languages plus is, nb, nn, tr). One i18next instance, loaded synchronously at module load from
// the JSON files (locale-files.ts), so that translating never awaits and never touches the disk per
// request.
import i18next from 'i18next';
import { localeKey } from '../domain/categories/codes.ts';
import type { AdvisoryItem } from '../domain/categories/types.ts';
import { LANGUAGES, type Lang, readLocaleTable } from './locale-files.ts';
import { VALUE_LABELS } from './value-labels.ts';

const RESOURCES = readLocaleTable<Record<string, unknown>>('messages', LANGUAGES);

export type { Lang };
export const SUPPORTED_LANGUAGES = Object.keys(RESOURCES).sort() as readonly Lang[];
export const DEFAULT_LANGUAGE: Lang = 'en';

/** Each language's name in itself (Deutsch, français), as a language switch lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((lang) => {
    const name = new Intl.DisplayNames([lang], { type: 'language', fallback: 'code' }).of(lang) ?? lang;
    return [lang, name.charAt(0).toLocaleUpperCase(lang) + name.slice(1)];
  }),
) as Record<Lang, string>;

/** Tags that name a supported language under another code: Norwegian without a variant is Bokmål. */
const ALIASES: Readonly<Record<string, Lang>> = { no: 'nb' };

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    Object.entries(RESOURCES).map(([lang, messages]) => [
      lang,
      { translation: { ...messages, value: VALUE_LABELS[lang] ?? {} } },
    ]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  // Output is JSON, not HTML: the page templates escape on their own.
  interpolation: { escapeValue: false },
  returnNull: false,
});

function isLang(value: string): value is Lang {
  return Object.hasOwn(RESOURCES, value);
}

/** The supported language a BCP 47 tag falls back to (`de-AT` → de, `nb-NO` → nb, `no` → nb). */
export function supportedFor(tag: string): Lang | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (isLang(primary)) return primary;
  return ALIASES[primary];
}

/** Accept-Language ranges by descending q; ranges with q=0 (explicitly refused) are dropped. */
function acceptedTags(header: string): string[] {
  const ranges: { tag: string; q: number; order: number }[] = [];
  header
    .slice(0, 2048)
    .split(',')
    .forEach((part, order) => {
      const [tag = '', ...parameters] = part.split(';').map((p) => p.trim());
      let q = 1;
      for (const parameter of parameters) {
        const match = /^q=([01](?:\.\d{0,3})?)$/i.exec(parameter);
        if (match) q = Number(match[1]);
        else if (/^q=/i.test(parameter)) q = Number.NaN;
      }
      if (tag !== '' && tag !== '*' && q > 0 && q <= 1) ranges.push({ tag, q, order });
    });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.tag);
}

/** `?lang=` wins over Accept-Language; anything unsupported falls through to English. */
export function pickLanguage(langQuery: string | undefined, acceptLanguage: string | undefined): Lang {
  if (langQuery !== undefined) {
    const fromQuery = supportedFor(langQuery);
    if (fromQuery !== undefined) return fromQuery;
  }
  for (const tag of acceptedTags(acceptLanguage ?? '')) {
    const lang = supportedFor(tag);
    if (lang !== undefined) return lang;
  }
  return DEFAULT_LANGUAGE;
}

export function t(lang: Lang, key: string, params?: Record<string, string | number>): string {
  // Values go through `replace` so that a param named like an i18next option (count, lng, ns…)
  // is interpolated as data and never changes how the message is looked up.
  return instance.t(key, { lng: lang, replace: params ?? {} });
}

/** Params whose values are themselves words to translate, by code, with the key prefix to use. */
const TRANSLATED_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  CATEGORY_GRANULARITY_UNEXPECTED: {
    category: 'category',
    granularity: 'granularity',
    expected: 'granularity',
  },
  PII_SHAPE_DETECTED: { kind: 'pii' },
  COMMODITY_CODE_UNEXPECTED: { category: 'category' },
};

// Item messages are looked up and filled here rather than through `t`, which costs tens of
// microseconds a call while a validation answer carries up to 1,000 items. The item templates use
// plain `{{name}}` placeholders only, filled the way i18next fills them: in one pass, a missing value
// leaving its placeholder, values never interpolated again (i18n.test.ts holds both to the same text).
const templates = new Map<string, string | null>();

/** The message of `key` in `lang`, else in the fallback language, else undefined; memoised (closed key set). */
function template(lang: Lang, key: string): string | undefined {
  const memo = `${lang} ${key}`;
  let found = templates.get(memo);
  if (found === undefined) {
    const text =
      instance.getResource(lang, 'translation', key) ??
      instance.getResource(DEFAULT_LANGUAGE, 'translation', key);
    found = typeof text === 'string' ? text : null;
    templates.set(memo, found);
  }
  return found ?? undefined;
}

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}

function translateParams(lang: Lang, item: AdvisoryItem): Record<string, string | number> {
  const params = { ...item.params };
  const translated = TRANSLATED_PARAMS[item.code] ?? {};
  for (const [name, prefix] of Object.entries(translated)) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    params[name] = value
      .split(', ')
      .map((word) => template(lang, `${prefix}.${word}`) ?? word)
      .join(', ');
  }
  return params;
}

/** Adds `friendlyMessage` in `lang` and drops `params`, which are for building messages only. */
export function localise(
  items: readonly AdvisoryItem[],
  lang: Lang,
): Array<AdvisoryItem & { friendlyMessage: string }> {
  return items.map((item) => {
    const { params: _params, ...rest } = item;
    const text = template(lang, localeKey(item.code));
    const friendlyMessage = text === undefined ? item.message : fill(text, translateParams(lang, item));
    return { ...rest, friendlyMessage };
  });
}

/**
 * The label of a category schema's enum value in `lang` (else in English); the value itself when
 * it has none, as for values of categories checked by rules rather than a schema.
 */
export function valueLabel(lang: Lang, value: string): string {
  return template(lang, `value.${value}`) ?? value;
}
