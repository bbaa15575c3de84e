// The JSON-LD context that gives the category metadata inside a credential its meaning: one term,
// `metadata`, a JSON literal (`@json`). Our passport context cannot follow UNTP's: UNTP's terms are
// @protected and its ProductPassport type context does not carry property-scoped contexts into
// nested objects, so our category terms would be dropped. As a JSON literal the metadata keeps its
// exact JSON, is signed as such, and stays valid JSON-LD under any processor.
import { termIri } from '../vocabulary/index.ts';
import { normaliseBaseUrl } from '../vocabulary/namespace.ts';

/** Where the node serves it: `{base_url}/contexts/dpp/credential/v1`. */
export const credentialContextUrl = (baseUrl: string) =>
  `${normaliseBaseUrl(baseUrl)}/contexts/dpp/credential/v1`;

/** The context document served at `credentialContextUrl(baseUrl)`. */
export function credentialMetadataContext(baseUrl: string) {
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      metadata: { '@id': termIri(baseUrl, 'metadata'), '@type': '@json' },
    },
  };
}
