// The coverage table of docs/console.md ("Language") says what the locale files hold: run
// `npx tsx scripts/locale-coverage.ts --write` after adding translations.
import { describe, expect, it } from 'vitest';
import { coverageTable, documentedTable } from '../../scripts/locale-coverage.ts';

describe('the documented translation coverage', () => {
  it('is the coverage the locale files give', () => {
    expect(documentedTable()).toBe(coverageTable());
  });

  it('has German and French complete, English the reference', () => {
    const rows = coverageTable().split('\n');
    for (const lang of ['de', 'fr', 'en'])
      expect(rows.find((row) => row.startsWith(`| ${lang} |`))).toBe(
        `| ${lang} | 100 % | 100 % | 100 % | 100 % |`,
      );
  });
});
