// The table of translation coverage per language in docs/console.md ("Language"): for each of the
// 28 languages, the share of the English messages, of the schemas' enum value labels, and of the
// five schema categories' field labels and help that the language's own files give (the rest is
// shown in English). `test/foundation/locale-coverage.test.ts` holds the table in the docs to this.
//
//   npx tsx scripts/locale-coverage.ts          prints the table
//   npx tsx scripts/locale-coverage.ts --write  rewrites it in docs/console.md
import { readFileSync, writeFileSync } from 'node:fs';
import { LANGUAGES } from '../src/core/locale-files.ts';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';

const LOCALES = new URL('../src/locales/', import.meta.url);
const DOC = new URL('../docs/console.md', import.meta.url);
export const TABLE_START = '<!-- locale-coverage:start -->';
export const TABLE_END = '<!-- locale-coverage:end -->';

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, LOCALES), 'utf8'));

function leaves(value: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(prefix);
  else if (typeof value === 'object' && value !== null)
    for (const [name, child] of Object.entries(value))
      leaves(child, prefix === '' ? name : `${prefix}.${name}`, into);
  return into;
}

/** Every field path of every schema category, as `category path` (list items skipped, as the form does). */
function fieldPaths(): string[] {
  const out: string[] = [];
  const walk = (category: string, schema: unknown, prefix: string) => {
    if (typeof schema !== 'object' || schema === null) return;
    const node = schema as { properties?: Record<string, unknown>; items?: unknown };
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = prefix === '' ? name : `${prefix}.${name}`;
      out.push(`${category} ${path}`);
      walk(category, child, path);
    }
    if (node.items !== undefined) walk(category, node.items, prefix);
  };
  for (const [category, schema] of Object.entries(categorySchemas)) walk(category, schema, '');
  return out;
}

const percent = (part: number, whole: number) => `${Math.floor((part / whole) * 100)} %`;

/** The coverage table, as Markdown. */
export function coverageTable(): string {
  const messages = leaves(readJson('en.json'));
  const values = leaves(readJson('values/en.json'));
  const fields = fieldPaths();
  const rows = [
    '| Language | Messages | Value labels | Field labels | Field help |',
    '|---|---|---|---|---|',
  ];
  for (const lang of LANGUAGES) {
    if (lang === 'en') {
      rows.push('| en | 100 % | 100 % | 100 % | 100 % |');
      continue;
    }
    const own = leaves(readJson(`${lang}.json`));
    const ownValues = leaves(readJson(`values/${lang}.json`));
    const texts = readJson(`fields/${lang}.json`) as Record<
      string,
      Record<string, string | { label?: string; hint?: string }>
    >;
    let labels = 0;
    let help = 0;
    for (const field of fields) {
      const [category = '', path = ''] = field.split(' ');
      const entry = texts[category]?.[path];
      if (entry === undefined) continue;
      if (typeof entry === 'string' || entry.label) labels++;
      if (typeof entry !== 'string' && entry.hint) help++;
    }
    rows.push(
      `| ${lang} | ${percent([...messages].filter((key) => own.has(key)).length, messages.size)} | ${percent(
        [...values].filter((key) => ownValues.has(key)).length,
        values.size,
      )} | ${percent(labels, fields.length)} | ${percent(help, fields.length)} |`,
    );
  }
  return rows.join('\n');
}

/** The table as docs/console.md holds it between its markers. */
export function documentedTable(): string {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  return start < 0 || end < 0 ? '' : doc.slice(start + TABLE_START.length, end).trim();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\u0000')) {
  const table = coverageTable();
  if (process.argv.includes('--write')) {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    if (start < 0 || end < 0) throw new Error('docs/console.md has no locale-coverage markers');
    writeFileSync(DOC, `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`);
  } else console.log(table);
}
