import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../domain/categories/schemas/index.ts';
import { SUPPORTED_LANGUAGES, valueLabel } from './i18n.ts';
import { VALUE_LABELS } from './value-labels.ts';

/** Every `enum` value anywhere in the five category schemas, with where it was found. */
function enumValues(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${where}/${index}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    if (Array.isArray(schema.enum)) {
      for (const value of schema.enum) if (typeof value === 'string') found.set(value, where);
    }
    for (const [key, child] of Object.entries(schema)) {
      // The schemas' examples hold data, not schema: their strings are no enum values.
      if (key !== 'examples' && key !== 'enum') walk(child, `${where}/${key}`);
    }
  };
  for (const [category, schema] of Object.entries(categorySchemas)) walk(schema, category);
  return found;
}

/** Codes that read the same in every language: classes, grades and systems written as on a label. */
const CODES = /^(?:[A-G]|I{1,3}|[1-4]\+?)$/;

describe('value labels', () => {
  const values = enumValues();

  it('finds the schemas’ enum values', () => {
    expect(values.size).toBeGreaterThan(200);
    expect(values.has('SEPARATE_COLLECTION')).toBe(true);
    expect(values.has('CE_MARKING')).toBe(true);
  });

  it.each(SUPPORTED_LANGUAGES)('%s labels every enum value of every category schema', (lang) => {
    const labels = VALUE_LABELS[lang] ?? {};
    const missing = [...values.keys()].filter((value) => (labels[value] ?? '').trim() === '');
    expect(missing, `${lang}: values without a label`).toEqual([]);
    const stale = Object.keys(labels).filter((value) => !values.has(value));
    expect(stale, `${lang}: labels of values no schema has`).toEqual([]);
    for (const value of values.keys()) {
      const label = valueLabel(lang, value);
      // A code word such as SEPARATE_COLLECTION is never what a reader sees.
      if (!CODES.test(value)) expect(label, `${lang} ${value}`).not.toBe(value);
    }
  });

  it('translates the labels: a language repeats English only for names and codes', () => {
    const english = VALUE_LABELS.en ?? {};
    for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      const labels = VALUE_LABELS[lang] ?? {};
      const same = Object.keys(english).filter((value) => labels[value] === english[value]);
      // Fibre names (Alpaca, Modal, Jute…) and codes are often spelt as in English; most are not.
      expect(same.length, `${lang} repeats English for ${same.join(', ')}`).toBeLessThan(
        Object.keys(english).length / 3,
      );
    }
  });

  it('falls back to English, then to the value itself', () => {
    expect(valueLabel('de', 'CE_MARKING')).not.toBe(valueLabel('en', 'CE_MARKING'));
    expect(valueLabel('en', 'NOT_A_SCHEMA_VALUE')).toBe('NOT_A_SCHEMA_VALUE');
  });
});
