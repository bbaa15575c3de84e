// English left on a page in another language: every text the locale files translate (messages,
// value labels, category field labels and help) whose translation differs from the English, looked
// for in the page's text. A message with parameters is matched with any text in their place.
import { readFileSync } from 'node:fs';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';

const LOCALES = new URL('../../src/locales/', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, LOCALES), 'utf8'));

function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [name, child] of Object.entries(value))
      flatten(child, prefix === '' ? name : `${prefix}.${name}`, into);
  return into;
}

type Entry = string | { label?: string; hint?: string };

/** English title and description of every field of every schema, by category and dotted path. */
function schemaTexts(
  schema: unknown,
  prefix = '',
  into = new Map<string, { label?: string; hint?: string }>(),
) {
  if (typeof schema !== 'object' || schema === null) return into;
  const node = schema as {
    properties?: Record<string, { title?: string; description?: string }>;
    items?: unknown;
  };
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    into.set(path, { label: child.title, hint: child.description });
    schemaTexts(child, path, into);
  }
  if (node.items !== undefined) schemaTexts(node.items, prefix, into);
  return into;
}

/**
 * The pairs (English, translation) of `lang` where the two differ, leaving out English texts that
 * are also a text of `lang` itself (German writes "Name" and "Status" too).
 */
export function translatedPairs(lang: string): { key: string; english: string }[] {
  const pairs: { key: string; english: string }[] = [];
  const own = new Set<string>();
  for (const [file, prefix] of [
    ['', 'message'],
    ['values/', 'value'],
  ] as const) {
    const english = flatten(readJson(`${file}en.json`));
    const translations = flatten(readJson(`${file}${lang}.json`));
    for (const text of translations.values()) own.add(text.toLowerCase());
    for (const [key, text] of english) {
      const translated = translations.get(key);
      if (translated !== undefined && translated !== text)
        pairs.push({ key: `${prefix}:${key}`, english: text });
    }
  }
  const fields = readJson(`fields/${lang}.json`) as Record<string, Record<string, Entry>>;
  for (const [category, texts] of Object.entries(fields)) {
    const english = schemaTexts((categorySchemas as Record<string, unknown>)[category]);
    for (const [path, entry] of Object.entries(texts)) {
      const text = typeof entry === 'string' ? { label: entry } : entry;
      const source = english.get(path) ?? {};
      if (text.label) own.add(text.label.toLowerCase());
      if (text.hint) own.add(text.hint.toLowerCase());
      if (text.label && source.label && text.label !== source.label)
        pairs.push({ key: `field:${category}:${path}`, english: source.label });
      if (text.hint && source.hint && text.hint !== source.hint)
        pairs.push({ key: `hint:${category}:${path}`, english: source.hint });
    }
  }
  // A single English word that German writes too, inside its own texts (Recycler, Organisation).
  const words = new Set([...own].flatMap((text) => text.split(/[^\p{L}]+/u)));
  return pairs.filter(
    (pair) =>
      !own.has(pair.english.toLowerCase()) &&
      !(/^\p{L}+$/u.test(pair.english) && words.has(pair.english.toLowerCase())),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text as a pattern: placeholders match any text, whole words only at both ends. */
function patternOf(english: string): RegExp | null {
  const parts = english.split(/\{\{\s*[\w.]+\s*\}\}/);
  const literal = parts.join('');
  if (literal.trim().length < 3) return null;
  const body = parts.map((part) => escapeRegExp(part).replace(/\s+/g, '\\s+')).join('.+?');
  const start = /^\w/.test(english) ? '(?<![\\w-])' : '';
  const end = /\w$/.test(english) ? '(?![\\w-])' : '';
  return new RegExp(`${start}${body}${end}`, 'u');
}

/**
 * The English texts of `lang`'s translations found in `text` (a page's visible text), as
 * `key: English`. `allowed` names keys a page may show in English on purpose.
 */
export function englishLeftovers(text: string, lang: string, allowed: ReadonlySet<string> = new Set()) {
  let patterns = compiled.get(lang);
  if (patterns === undefined) {
    patterns = translatedPairs(lang).map((pair) => ({ ...pair, pattern: patternOf(pair.english) }));
    compiled.set(lang, patterns);
  }
  const found: string[] = [];
  for (const { key, english, pattern } of patterns) {
    const at = allowed.has(key) ? null : pattern?.exec(text);
    if (at) found.push(`${key}: ${english} (in “${text.slice(Math.max(0, at.index - 40), at.index + 60)}”)`);
  }
  return found;
}

const compiled = new Map<string, { key: string; english: string; pattern: RegExp | null }[]>();
