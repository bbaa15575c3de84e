import { describe, expect, it } from 'vitest';
import { acceptsLinkset, linkset, linkTypeAsk } from './linkset.ts';

describe('linkTypeAsk', () => {
  it('reads a GS1 link type in its three spellings as one, and linkset or all as the linkset', () => {
    for (const written of ['gs1:dpp', 'https://gs1.org/voc/dpp', 'https://ref.gs1.org/voc/dpp']) {
      expect(linkTypeAsk(written)).toEqual({ kind: 'type', iri: 'https://gs1.org/voc/dpp', asked: written });
    }
    expect(linkTypeAsk('linkset')).toEqual({ kind: 'linkset' });
    expect(linkTypeAsk('all')).toEqual({ kind: 'linkset' });
    expect(linkTypeAsk(undefined)).toEqual({ kind: 'none' });
    expect(linkTypeAsk('')).toEqual({ kind: 'none' });
    expect(linkTypeAsk(['gs1:pip', 'gs1:dpp'])).toMatchObject({ iri: 'https://gs1.org/voc/pip' });
    expect(linkTypeAsk('https://example.org/x')).toMatchObject({ iri: 'https://example.org/x' });
  });
});

describe('acceptsLinkset', () => {
  it('takes the linkset media type among others, unless its q is 0', () => {
    expect(acceptsLinkset('text/html, application/linkset+json;q=0.5')).toBe(true);
    expect(acceptsLinkset('Application/Linkset+JSON')).toBe(true);
    expect(acceptsLinkset('application/linkset+json;q=0')).toBe(false);
    expect(acceptsLinkset('*/*')).toBe(false);
    expect(acceptsLinkset(undefined)).toBe(false);
  });
});

describe('linkset', () => {
  it('gives the first level a default link of href and title only', () => {
    const links = [{ href: 'https://n.test/unit/1', title: 'Unit', type: 'application/ld+json' }];
    const [item, key] = linkset([
      { anchor: 'https://n.test/01/1/21/S', links },
      { anchor: 'https://n.test/01/1', links },
    ]).linkset;
    expect(item?.['https://gs1.org/voc/defaultLink']).toEqual([
      { href: 'https://n.test/unit/1', title: 'Unit' },
    ]);
    expect(key).not.toHaveProperty('https://gs1.org/voc/defaultLink');
  });
});
