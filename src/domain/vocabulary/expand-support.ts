// Test support (not a test file): offline JSON-LD expansion and the key counts that show nothing was
// dropped. Kept beside the tests so they share one loader and one way of counting.
import type { JsonLdDocument, Options } from 'jsonld';
import jsonld from 'jsonld';
import { dppContext } from './context.ts';
import { offlineDocumentLoader } from './document-loader.ts';
import { termIri } from './namespace.ts';

export const BASE = 'https://dpp.example.com';

type Loader = NonNullable<Options.Expand['documentLoader']>;

/** Expands with our offline loader and jsonld's safe mode, which throws on any dropped term. */
export async function expandOffline(document: object, baseUrl = BASE): Promise<unknown[]> {
  // @types/jsonld types `@version` as the string "1.1" where JSON-LD 1.1 requires the number, so our
  // (correct) context documents do not fit its RemoteDocument type.
  const documentLoader = offlineDocumentLoader(baseUrl) as unknown as Loader;
  // `safe` exists in jsonld 8 but not in @types/jsonld 1.5.
  const options: Options.Expand & { safe: boolean } = { documentLoader, safe: true };
  return jsonld.expand(document as JsonLdDocument, options);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Terms whose values are JSON literals: their content is data, not terms. */
function jsonTerms(baseUrl: string): Set<string> {
  const context = dppContext(baseUrl)['@context'];
  return new Set(
    Object.entries(context).flatMap(([term, d]) => (isObject(d) && d['@type'] === '@json' ? [term] : [])),
  );
}

/**
 * The IRI each non-keyword key of the input should expand to, at any depth. A null value means
 * "no value" in JSON-LD and rightly disappears, except in a JSON literal.
 */
export function expectedIris(document: unknown, baseUrl = BASE): string[] {
  const opaque = jsonTerms(baseUrl);
  const out: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.startsWith('@')) continue;
        if (child === null && !opaque.has(key)) continue;
        out.push(termIri(baseUrl, key));
        if (!opaque.has(key)) visit(child);
      }
    }
  };
  visit(document);
  return out.sort();
}

/** Every property IRI in an expanded document, at any depth, without looking into JSON literals. */
export function expandedIris(expanded: unknown): string[] {
  const out: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      if (value['@type'] === '@json') return;
      for (const [key, child] of Object.entries(value)) {
        if (!key.startsWith('@')) out.push(key);
        visit(child);
      }
    }
  };
  visit(expanded);
  return out.sort();
}
