// docs/errors.md lists every code the node answers, with its status, and nothing else: its table and
// the code table (ERROR_CODES) are compared both ways. A code nothing answers has no place in either.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/http/errors.ts';

const errorsPage = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** The rows of the page's first table (`| code | status | when |`): code → status. */
function documentedCodes(): Map<string, number> {
  const table = errorsPage.slice(errorsPage.indexOf('| code | status | when |'));
  const rows = new Map<string, number>();
  for (const line of table.split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const [, code, status] = line.split('|').map((cell) => cell.trim());
    rows.set(String(code).replaceAll('`', ''), Number(status));
  }
  return rows;
}

/** Every non-test source file of src, with its text. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

/**
 * Codes no code names: the error handler gives a framework error of their status the first code of
 * that status (`stableCode`), and the router answers 414 for an over-long path parameter.
 */
const ANSWERED_BY_STATUS: ErrorCode[] = ['URI_TOO_LONG'];

describe('docs/errors.md and the code table', () => {
  const documented = documentedCodes();

  it('documents every code of the table, with its status', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(documented.get(code), code).toBe(status);
    }
  });

  it('documents no code the table does not hold', () => {
    expect([...documented.keys()].filter((code) => !Object.hasOwn(ERROR_CODES, code))).toEqual([]);
  });

  it('holds only codes the node answers: each is raised somewhere, or reached by its status', () => {
    const code = sources().filter((text) => !text.includes('export const ERROR_CODES'));
    const unused = Object.keys(ERROR_CODES).filter(
      (name) =>
        !ANSWERED_BY_STATUS.includes(name as ErrorCode) &&
        !code.some((text) => new RegExp(`\\b${name}\\b`).test(text)),
    );
    expect(unused).toEqual([]);
  });
});
