import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryCodeOf, countryInput, countryName, countryOptions } from './countries.ts';

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, each once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).not.toContain('EU');
    expect(COUNTRY_CODES).not.toContain('XK');
  });

  it('names countries in the page language and sorts them as that language does', () => {
    expect(countryName('de', 'DE')).toBe('Deutschland');
    expect(countryName('fr', 'DE')).toBe('Allemagne');
    expect(countryName('en', 'GE')).toBe('Georgia');
    const german = countryOptions('de').map((option) => option.label);
    expect(german.indexOf('Österreich')).toBeGreaterThan(german.indexOf('Oman'));
    expect(german.indexOf('Österreich')).toBeLessThan(german.indexOf('Pakistan'));
  });

  it('reads a typed name in any language, or a code in either case, as the code', () => {
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('deutschland')).toBe('DE');
    expect(countryCodeOf(' Allemagne ')).toBe('DE');
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf('Georgia')).toBe('GE');
    expect(countryCodeOf('Cote d’Ivoire')).toBe('CI');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
    expect(countryCodeOf('XK')).toBeUndefined();
  });

  it('never cuts a name to its first two letters', () => {
    expect(countryInput('Germany')).toBe('DE');
    expect(countryInput('Germ')).toBe('Germ');
  });
});
