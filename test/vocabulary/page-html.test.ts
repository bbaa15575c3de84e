import { describe, expect, it } from 'vitest';
import { renderView } from '../../src/core/views.ts';
import { dppContext, vocabularyPageModel } from '../../src/domain/vocabulary/index.ts';
import { escapeHtml } from '../../src/domain/xml-escape.ts';

const BASE = 'https://dpp.example.com';
const terms = Object.keys(dppContext(BASE)['@context']).filter((k) => !k.startsWith('@'));
const page = (base: string) => renderView('vocabulary', vocabularyPageModel(base));

describe('the vocabulary page', () => {
  const html = page(BASE);

  it('has an anchor for every term, and no id twice', () => {
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const term of terms) expect(ids, term).toContain(term);
  });

  it('links the terms a term is used on, and shows outside IRIs as code', () => {
    expect(html).toMatch(/<dt>Used on<\/dt><dd><a href="#[A-Za-z]+">/);
    expect(html).toMatch(/<dt>Range<\/dt><dd><code>xsd:/);
  });

  it('is self-contained', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).not.toMatch(/<script|<img|<iframe|\ssrc=|url\(|@import/i);
    // The only link element is the empty inline icon, so that browsers ask for no favicon.
    expect([...html.matchAll(/<link[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="icon" href="data:,">']);
    for (const m of html.matchAll(/href="([^"]+)"/g))
      expect(m[1]).toMatch(/^(#|https:\/\/dpp\.example\.com\/|data:,$)/);
  });

  it('escapes text the template is given', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(page('https://x.example/"><script>')).not.toContain('<script>');
  });
});
