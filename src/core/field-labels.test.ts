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

const reference = read('de').batteries ?? {};
const batteryPaths = schemaPaths(categorySchemas.batteries);

describe('field labels', () => {
  it('holds German as the reference, and wires every file in', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(200);
    expect([...FIELD_LABEL_LANGUAGES].sort()).toEqual(['en', ...files].sort());
  });

  it('names only real paths of the batteries schema', () => {
    const unknown = Object.keys(reference).filter((path) => !batteryPaths.has(path));
    expect(unknown).toEqual([]);
  });

  it.each(files)('%s labels exactly the batteries fields German labels, none empty', (lang) => {
    const own = read(lang).batteries ?? {};
    expect(Object.keys(own).sort()).toEqual(Object.keys(reference).sort());
    for (const [path, entry] of Object.entries(own)) {
      const text = typeof entry === 'string' ? { label: entry } : entry;
      expect(text.label?.trim(), `${lang} ${path}`).toBeTruthy();
      // Help goes where German has help, and only there.
      const hint =
        typeof reference[path] === 'string' ? undefined : (reference[path] as { hint?: string }).hint;
      if (hint !== undefined) expect(text.hint?.trim(), `${lang} ${path} hint`).toBeTruthy();
      else expect(text.hint, `${lang} ${path} hint`).toBeUndefined();
    }
    expect(fieldText(lang as never, 'batteries', 'generalInformation.manufacturer.name')?.label).toBeTruthy();
  });

  it('keeps the schema’s English where a language has no text', () => {
    expect(fieldText('en', 'batteries', 'generalInformation.manufacturer.name')).toBeUndefined();
    expect(fieldText('de', 'batteries', 'no.such.path')).toBeUndefined();
  });
});
