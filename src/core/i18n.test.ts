import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advisory, validationError } from '../domain/categories/advisories.ts';
import { ERROR_CODES, localeKey, NOTICE_CODES, WARNING_CODES } from '../domain/categories/codes.ts';
import { type Lang, localise, pickLanguage, SUPPORTED_LANGUAGES, t } from './i18n.ts';

type Messages = { [key: string]: string | Messages };

function load(lang: string): Messages {
  return JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8')) as Messages;
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(load('en'));

/**
 * Values allowed to equal the English text, because the word is the same in that language. Keep
 * this list short: everything else must be translated.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  cs: ['console.roles.AUDITOR'],
  es: ['passportPage.no', 'console.forms.no', 'console.roles.AUDITOR'],
  de: ['console.registry.version'],
  fr: ['passportPage.signalWords.DANGER', 'console.registry.version'],
  hu: ['console.roles.AUDITOR'],
  it: ['passportPage.no', 'console.forms.no'],
  nl: ['passportPage.product'],
  pt: ['console.roles.AUDITOR'],
  ro: ['console.roles.AUDITOR'],
};

/**
 * Keys of the console's newer screens (spreadsheets, people's words, unit labels, serialising
 * results, webhook targets, registry readiness), written in English, German and French: the other languages may leave
 * them out and fall back to English (docs/console.md, "Language", has the coverage per language); a
 * key they have is held to the same rules as any other.
 */
const FALLBACK_PREFIXES = [
  'console.sheets.',
  'console.words.',
  'console.serialised.',
  'console.unitLabels.',
  'console.webhookTargets.',
  'console.registry.',
];
const COMPLETE = ['de', 'fr'];
const mayFallBack = (lang: string, key: string) =>
  !COMPLETE.includes(lang) && FALLBACK_PREFIXES.some((prefix) => key.startsWith(prefix));

describe('locale files', () => {
  it('cover exactly the 28 languages', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(28);
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual(
      'bg cs da de el en es et fi fr ga hr hu is it lt lv mt nb nl nn pl pt ro sk sl sv tr'.split(' '),
    );
  });

  it('English has a message for every code', () => {
    for (const code of ERROR_CODES) expect(english.has(`validation.${code}`)).toBe(true);
    for (const code of [...WARNING_CODES, ...NOTICE_CODES])
      expect(english.has(`advisory.${code}`)).toBe(true);
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has the key set and placeholders of en',
    (lang) => {
      const messages = flatten(load(lang));
      const expected = [...english.keys()].filter((key) => messages.has(key) || !mayFallBack(lang, key));
      expect([...messages.keys()].sort()).toEqual(expected.sort());
      for (const [key, value] of english) {
        if (!messages.has(key) && mayFallBack(lang, key)) continue;
        const translated = messages.get(key) ?? '';
        expect(placeholders(translated), `${lang} ${key}`).toEqual(placeholders(value));
        expect(translated.trim(), `${lang} ${key}`).not.toBe('');
        // A message of placeholders and punctuation alone reads the same in every language.
        const wordless = !/\p{L}/u.test(value.replace(/\{\{\w+\}\}/g, ''));
        if (!wordless && !SAME_AS_ENGLISH[lang]?.includes(key)) {
          expect(translated, `${lang} ${key} is still English`).not.toBe(value);
        }
      }
    },
  );
});

describe('pickLanguage', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['de', 'fr', 'de'],
    ['xx', 'fr-FR,fr;q=0.9', 'fr'],
    [undefined, 'de-AT', 'de'],
    [undefined, 'nb-NO', 'nb'],
    [undefined, 'no', 'nb'],
    [undefined, 'nn-NO,nb;q=0.5', 'nn'],
    ['NO', undefined, 'nb'],
    ['pt_BR', undefined, 'pt'],
    [undefined, 'ja, fi;q=0.4, sv;q=0.8', 'sv'],
    [undefined, 'sv;q=0, fi;q=0.1', 'fi'],
    [undefined, 'da;q=0.5, el;q=0.5', 'da'],
    [undefined, '*, ga;q=0.2', 'ga'],
    [undefined, 'es;q=2, it', 'it'],
    [undefined, 'zh-Hant-TW, ja', 'en'],
    [undefined, '', 'en'],
    [undefined, ';;;,,q=1', 'en'],
  ] as const)('lang=%s, Accept-Language=%s → %s', (query, header, expected) => {
    expect(pickLanguage(query, header)).toBe(expected);
  });
});

describe('localise and t', () => {
  it('adds the friendly message and drops params', () => {
    const items = [
      validationError('REQUIRED_FIELD_MISSING', '/metadata/productName', { field: 'productName' }),
      advisory('CATEGORY_GRANULARITY_UNEXPECTED', {
        category: 'batteries',
        granularity: 'item',
        expected: 'model',
      }),
    ];
    const [missing, granularity] = localise(items, 'de');
    expect(missing).toEqual({
      code: 'REQUIRED_FIELD_MISSING',
      path: '/metadata/productName',
      message: 'productName is required',
      friendlyMessage: t('de', 'validation.REQUIRED_FIELD_MISSING', { field: 'productName' }),
    });
    expect(missing?.friendlyMessage).toContain('productName');
    expect(granularity).not.toHaveProperty('params');
    expect(granularity?.friendlyMessage).toContain(t('de', 'granularity.item'));
    expect(granularity?.friendlyMessage).toContain(t('de', 'category.batteries'));
  });

  it('fills every code in every language exactly as t does, with and without its params', () => {
    const plain = [...ERROR_CODES, ...WARNING_CODES, ...NOTICE_CODES].filter(
      (code) =>
        code !== 'PII_SHAPE_DETECTED' &&
        code !== 'CATEGORY_GRANULARITY_UNEXPECTED' &&
        code !== 'COMMODITY_CODE_UNEXPECTED',
    );
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const code of plain) {
        const key = localeKey(code);
        const names = placeholders(english.get(key) ?? '');
        // Every placeholder given, then the first one left out (it stays visible, as with t).
        const full = Object.fromEntries(names.map((name, index) => [name, `{{${name}}}-${index}`]));
        const { [names[0] ?? '']: _left, ...partial } = full;
        for (const params of [full, partial]) {
          const [item] = localise([{ code, message: 'dev', params }], lang);
          expect(item?.friendlyMessage, `${lang} ${code}`).toBe(t(lang, key, params));
        }
      }
    }
  });

  it('falls back to the developer message for a code it does not know', () => {
    const [item] = localise([{ code: 'SOMETHING_NEW', message: 'dev text' }], 'fr');
    expect(item?.friendlyMessage).toBe('dev text');
  });

  it('interpolates params as data, never as i18next options or markup', () => {
    const text = t('en', 'validation.REQUIRED_FIELD_MISSING', {
      field: '<b>{{lng}}</b>',
      lng: 'de',
      count: 2,
    });
    expect(text).toBe('<b>{{lng}}</b> is required.');
  });

  it.each(SUPPORTED_LANGUAGES)('%s renders every code without leftover placeholders', (lang: Lang) => {
    const params = {
      field: 'f',
      limit: 3,
      range: '≥ 0',
      allowed: 'a, b',
      format: 'date',
      category: 'toys',
      productId: 'X',
      sum: 110,
      expected: 'model',
      country: 'US',
      kind: 'email',
      eori: 'DE1',
      symbology: 'QR',
      granularity: 'item',
      operator: 'ACME',
      gtin: '04006381333931',
      unit: 'u',
      code: '85076000',
    };
    const items = [
      ...ERROR_CODES.map((code) => validationError(code, '/metadata', params)),
      ...[...WARNING_CODES, ...NOTICE_CODES].map((code) => advisory(code, params)),
    ];
    for (const item of localise(items, lang)) expect(item.friendlyMessage).not.toMatch(/\{\{|\}\}/);
  });
});
