import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { negotiate } from './negotiate.ts';

const OFFERED = ['application/ld+json', 'text/html'] as const;

describe('negotiate', () => {
  it.each([
    [undefined, 'application/ld+json'],
    ['', 'application/ld+json'],
    ['*/*', 'application/ld+json'],
    ['application/json', null],
    ['text/html', 'text/html'],
    ['text/*', 'text/html'],
    ['text/html;q=0.5, application/ld+json;q=0.9', 'application/ld+json'],
    ['text/html;q=0.9, application/ld+json;q=0.5', 'text/html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['application/ld+json;q=0, */*', 'text/html'],
    ['TEXT/HTML', 'text/html'],
    ['text/html;q=0', null],
    ['garbage', 'application/ld+json'],
  ] as const)('Accept %j → %s', (accept, expected) => {
    expect(negotiate(accept, OFFERED)).toBe(expected);
  });

  it('never throws and only answers an offered type or null', () => {
    fc.assert(
      fc.property(fc.string(), (accept) => {
        const chosen = negotiate(accept, OFFERED);
        expect(chosen === null || OFFERED.includes(chosen)).toBe(true);
      }),
    );
  });
});
