// The workspace's did:web document: `did:web:<host>[%3A<port>][:<base path>]:tenants:<id>`, which
// resolves to `<base URL>/tenants/<id>/did.json` under the did:web method's rules.
import type { SigningKeyRow } from './store.ts';

export function didOf(baseUrl: string, tenantId: string): string {
  const url = new URL(baseUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', host, ...path, 'tenants', tenantId].join(':');
}

/** Public keys only: active and retired keys alike, so that every earlier seal can still be checked. */
export function didDocument(did: string, baseUrl: string, keys: readonly SigningKeyRow[]) {
  const methods = keys.map((key) => ({
    id: `${did}#${key.id}`,
    type: 'JsonWebKey',
    controller: did,
    publicKeyJwk: key.publicJwk,
  }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
    service: [{ id: `${did}#resolver`, type: 'LinkedDomains', serviceEndpoint: baseUrl }],
  };
}
