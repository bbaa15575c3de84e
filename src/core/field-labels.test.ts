import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../domain/categories/schemas/index.ts';
import { FIELD_LABEL_LANGUAGES, fieldText } from './field-labels.ts';

const FOLDER = new URL('../locales/fields/', import.meta.url);
type Entry = string | { label?: string; hint?: string };
type FieldFile = Record<string, Record<string, Entry>>;

const read = (lang: string): FieldFile => JSON.parse(readFileSync(new URL(`${lang}.json`, FOLDER), 'utf8'));
const files = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** Every path the form asks labels for: properties joined by dots, list items skipped (schemaPath). */
function schemaPaths(schema: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return into;
  const node = schema as { properties?: Record<string, unknown>; items?: unknown };
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    into.add(path);
    schemaPaths(child, path, into);
  }
  if (node.items !== undefined) schemaPaths(node.items, prefix, into);
  return into;
}

const german = read('de');
const reference = german.batteries ?? {};
const schemas = categorySchemas as Record<string, unknown>;

describe('field labels', () => {
  it('holds German as the reference, and wires every file in', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(200);
    expect([...FIELD_LABEL_LANGUAGES].sort()).toEqual(['en', ...files].sort());
  });

  it.each(files)('%s names only categories that have a schema, and only real paths of each', (lang) => {
    for (const [category, texts] of Object.entries(read(lang))) {
      expect(schemas[category], category).toBeDefined();
      const paths = schemaPaths(schemas[category]);
      const unknown = Object.keys(texts).filter((path) => !paths.has(path));
      expect(unknown, category).toEqual([]);
    }
  });

  it('gives German a label for every top-level group of every schema category', () => {
    for (const [category, schema] of Object.entries(schemas)) {
      const groups = Object.keys((schema as { properties?: object }).properties ?? {});
      const missing = groups.filter((group) => !german[category]?.[group]);
      expect(missing, category).toEqual([]);
    }
  });

  it.each(['de', 'fr'])('%s labels and helps every field of all five schema categories', (lang) => {
    const own = read(lang);
    for (const [category, schema] of Object.entries(schemas)) {
      for (const path of schemaPaths(schema)) {
        const entry = own[category]?.[path];
        const text = typeof entry === 'string' ? { label: entry } : (entry ?? {});
        expect(text.label?.trim(), `${lang} ${category} ${path}`).toBeTruthy();
        expect(text.hint?.trim(), `${lang} ${category} ${path} hint`).toBeTruthy();
      }
    }
  });

  it.each(files)('%s labels exactly the batteries fields German labels, none empty', (lang) => {
    const own = read(lang).batteries ?? {};
    expect(Object.keys(own).sort()).toEqual(Object.keys(reference).sort());
    for (const [path, entry] of Object.entries(own)) {
      const text = typeof entry === 'string' ? { label: entry } : entry;
      expect(text.label?.trim(), `${lang} ${path}`).toBeTruthy();
      // Help is optional (the schema's English stands in), but never empty where given.
      if (text.hint !== undefined) expect(text.hint.trim(), `${lang} ${path} hint`).toBeTruthy();
    }
    expect(fieldText(lang as never, 'batteries', 'generalInformation.manufacturer.name')?.label).toBeTruthy();
  });

  it('keeps the schema’s English where a language has no text', () => {
    expect(fieldText('en', 'batteries', 'generalInformation.manufacturer.name')).toBeUndefined();
    expect(fieldText('de', 'batteries', 'no.such.path')).toBeUndefined();
  });
});
