// did:web identifiers and documents for a workspace. The DID names the workspace's folder on this
// node, so resolution is a plain HTTPS GET of `<baseUrl>/tenants/<tenantId>/did.json`.
import { type EcPublicJwk, publicJwk } from '../crypto/keys.ts';

// The same contexts and service type as the document the node already serves (docs/sealing.md), so
// that route can build its answer here without changing it.
export const DID_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'] as const;

/** Type of the service entry that points at the node, whose public resolver serves the workspace's links. */
export const RESOLVER_SERVICE_TYPE = 'LinkedDomains';

/**
 * The did:web of a workspace: the host (its `:port` written `%3A`), the base URL's path segments,
 * then `tenants:<tenantId>`. Throws on a base URL that is not http(s) or carries a query.
 */
export function didWebFor(baseUrl: string, tenantId: string): string {
  const url = new URL(baseUrl);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new TypeError('the base URL must be an http(s) URL without query or fragment');
  }
  if (!/^[A-Za-z0-9._~-]+$/.test(tenantId)) throw new TypeError('the tenant id is not a URL-safe segment');
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent);
  return ['did', 'web', host, ...path, 'tenants', tenantId].join(':');
}

/**
 * The HTTPS URL a did:web resolves to (did:web method, "Read"): `:` separates path segments,
 * `%3A` in the host is a port, and a DID without a path resolves under `/.well-known/`.
 */
export function didWebUrl(did: string): string {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match) throw new TypeError('not a did:web identifier');
  let host: string;
  let segments: string[];
  try {
    host = decodeURIComponent(match[1] as string);
    segments = (match[2] as string)
      .split(':')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    throw new TypeError('the did:web has a malformed percent-encoding');
  }
  if (/[/?#@\\\s]/.test(host) || segments.some((s) => s === '.' || s === '..' || s.includes('/'))) {
    throw new TypeError('the did:web has a segment that is not a host or path segment');
  }
  const path = segments.length === 0 ? '.well-known' : segments.map(encodeURIComponent).join('/');
  const url = `https://${host}/${path}/did.json`;
  if (!URL.canParse(url) || new URL(url).host.toLowerCase() !== host.toLowerCase()) {
    throw new TypeError('the did:web host is not a valid host');
  }
  return url;
}

/** The verification method id a credential names for a key: `<did>#<kid>`. */
export const verificationMethodId = (did: string, kid: string) => `${did}#${kid}`;

export interface DidKey {
  kid: string;
  publicJwk: EcPublicJwk;
  /** The key new credentials are signed with; retired keys stay listed so old credentials verify. */
  active: boolean;
}

export interface DidDocumentInput {
  did: string;
  keys: readonly DidKey[];
  /** The node's public resolver, where the workspace's product links resolve. */
  resolverUrl: string;
}

export interface JsonWebKeyMethod {
  id: string;
  type: 'JsonWebKey';
  controller: string;
  publicKeyJwk: EcPublicJwk;
}

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: JsonWebKeyMethod[];
  authentication: string[];
  assertionMethod: string[];
  service: { id: string; type: string; serviceEndpoint: string }[];
}

/**
 * The workspace's DID document. Every key is a verification method and an `assertionMethod`
 * (credential verifiers look there); only active keys authenticate. Keys are listed in the order
 * given, with their public members only.
 */
export function didDocument({ did, keys, resolverUrl }: DidDocumentInput): DidDocument {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key.kid)) throw new TypeError(`two keys share the kid ${key.kid}`);
    seen.add(key.kid);
  }
  const methods = keys.map(
    (key): JsonWebKeyMethod => ({
      id: verificationMethodId(did, key.kid),
      type: 'JsonWebKey',
      controller: did,
      publicKeyJwk: publicJwk({ ...key.publicJwk, kid: key.kid }),
    }),
  );
  return {
    '@context': [...DID_CONTEXT],
    id: did,
    verificationMethod: methods,
    authentication: keys.filter((key) => key.active).map((key) => verificationMethodId(did, key.kid)),
    assertionMethod: methods.map((method) => method.id),
    service: [{ id: `${did}#resolver`, type: RESOLVER_SERVICE_TYPE, serviceEndpoint: resolverUrl }],
  };
}

/**
 * The public JWK a verification method id names in a DID document, or null. A verifier uses this
 * with the document fetched from `didWebUrl(did)` and requires the method in `assertionMethod`.
 */
export function assertionKey(document: DidDocument, methodId: string): EcPublicJwk | null {
  if (!document.assertionMethod.includes(methodId)) return null;
  const method = document.verificationMethod.find((candidate) => candidate.id === methodId);
  return method && method.controller === document.id ? method.publicKeyJwk : null;
}
