import { describe, expect, it } from 'vitest';
import { formatInstant, pageWords } from './page-words.ts';

describe('page words', () => {
  it('shows an instant in the page language and Central European time, zone named', () => {
    expect(formatInstant('en', '2026-01-15T09:30:00Z')).toBe('Jan 15, 2026, 10:30 AM GMT+1');
    expect(formatInstant('de', '2026-07-15T09:30:00Z')).toBe('15.07.2026, 11:30 MESZ');
    expect(formatInstant('de', null)).toBe('—');
    expect(formatInstant('en', 'not a date')).toBe('not a date');
  });

  it('names enum values and countries by label', () => {
    const de = pageWords('de');
    expect(de.countryName('DE')).toBe('Deutschland');
    expect(de.countries.find((c) => c.value === 'FR')?.label).toBe('Frankreich');
  });
});
