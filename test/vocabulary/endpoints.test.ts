import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { BASE_URL } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('vocabulary endpoints', () => {
  const app = useTestApp();

  it('serves the canonical context as JSON-LD, cacheable and cross-origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/contexts/dpp/v1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const context = response.json()['@context'];
    expect(context['@version']).toBe(1.1);
    expect(context.digitalLinkUri['@id']).toBe(`${BASE_URL}/ns/dpp#digitalLinkUri`);
  });

  it('serves the secondary context with its fixed, protected term list', async () => {
    const context = (await app.inject({ method: 'GET', url: '/context/v1' })).json()['@context'];
    expect(context['@protected']).toBe(true);
    expect(Object.keys(context)).toContain('productId');
  });

  it('serves the vocabulary as JSON-LD by default and as HTML to browsers', async () => {
    const ld = await app.inject({ method: 'GET', url: '/ns/dpp' });
    expect(ld.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(ld.headers.vary).toMatch(/Accept/);
    const html = await app.inject({
      method: 'GET',
      url: '/ns/dpp',
      headers: { accept: 'text/html,*/*;q=0.8' },
    });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('id="digitalLinkUri"');
  });

  it('lets a JSON-LD processor expand a passport with the served context, dropping nothing', async () => {
    const documentLoader = async (url: string) => {
      const path = new URL(url).pathname;
      const response = await app.inject({ method: 'GET', url: path });
      return { contextUrl: null, documentUrl: url, document: response.json() };
    };
    const passport = {
      '@context': [`${BASE_URL}/contexts/dpp/v1`],
      '@type': 'DigitalProductPassport',
      '@id': `${BASE_URL}/01/04006381333931`,
      id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
      productId: '04006381333931',
      digitalLinkUri: `${BASE_URL}/01/04006381333931`,
      status: 'ACTIVE',
      category: 'batteries',
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    const options = { documentLoader, safe: true } as unknown as jsonld.Options.Expand;
    const expanded = await jsonld.expand(passport, options);
    const node = expanded[0] as Record<string, unknown>;
    expect(Object.keys(node).filter((key) => !key.startsWith('@'))).toHaveLength(6);
  });
});
