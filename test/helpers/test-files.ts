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
