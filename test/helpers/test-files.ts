// The suite's own test files, read as text: the route coverage checks look for what they name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_ROOT = new URL('..', import.meta.url).pathname;

export interface TestFile {
  /** The path from the repository root: `test/units/qr.test.ts`. */
  name: string;
  text: string;
}

/** Every `*.test.ts` under test/, the conformance and scale suites included. */
export function testFiles(): TestFile[] {
  return readdirSync(TEST_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => ({
      name: relative(join(TEST_ROOT, '..'), join(TEST_ROOT, file)),
      text: readFileSync(join(TEST_ROOT, file), 'utf8'),
    }));
}

/**
 * The URL paths a test file's string and template literals spell: `/api/v1/units/${id}/qr` gives
 * `/api/v1/units/x/qr` (and `/copies${query}` gives `/copies`), an absolute URL its path, and a query or fragment is dropped.
 */
export function spelledPaths(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
    const literal = (match[1] ?? match[2] ?? match[3] ?? '')
      // A placeholder that opens the literal is a base URL when a path follows it.
      .replace(/^\$\{[^}]*\}(?=\/)/, '')
      // A placeholder that fills a segment stands for a value; one glued to a segment's end is
      // taken for an optional suffix (`/copies${query}`).
      .replace(/(?<=\/)\$\{[^}]*\}/g, 'x')
      .replace(/\$\{[^}]*\}/g, '')
      .replace(/^https?:\/\/[^/\s]+/, '');
    if (!literal.startsWith('/')) continue;
    const path = literal.split(/[?#\s]/)[0] ?? '';
    if (path.length > 1) paths.push(path);
  }
  return paths;
}
